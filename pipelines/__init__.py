"""pseudogate's sans-IO core.

Spans and the detector protocol, span resolution and the chain, the placeholder vault,
the egress stream filter and the error tree.  Nothing in this package imports aiohttp,
torch or gliner, and nothing here does network I/O: it takes strings and returns strings
or spans, so it is fast and testable on its own.  A third-party detector depends on this
package and nothing else.
"""
