"""fresh7: an independent labelled evaluation set (see README.md); data only."""
