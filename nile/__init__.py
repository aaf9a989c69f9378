"""Nile: an offline home for five tabletop games set along the Nile."""

__version__ = "0.1.0"
