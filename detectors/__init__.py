"""Detectors: what finds personal data, behind the protocol in :mod:`pipelines.spans`.

The built-ins (``regex``, ``known_entities``, ``gliner``) are registered through the
same ``pseudogate.detectors`` entry-point group as third-party plugins, and
:mod:`detectors.registry` loads only the types a config names.
"""
