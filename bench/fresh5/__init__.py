"""fresh5: an independent labelled evaluation set (dev half + sealed test half)."""
