"""The server side of network play, the authority (``python -m game serve``, and the app hosting a table): connections, tables, their referees and their files."""
