"""The HTTP face of pseudogate: config loading, the CLI, the aiohttp app, the upstream
client, the SSE codec and one module per API shape."""
