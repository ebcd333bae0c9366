"""A held-out evaluation set generated apart from the library (see generate.py)."""
