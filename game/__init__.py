"""Matador, the domino game where joined ends add up to seven."""

__version__ = "0.1.0"
