"""The command line (``python -m game ...``) and the reports its sub-commands print."""
