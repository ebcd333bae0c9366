"""Property tests that run through the real gateway reuse the e2e fixtures."""

from tests.e2e.conftest import fake, gateway

__all__ = ["fake", "gateway"]
