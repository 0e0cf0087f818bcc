"""What every screen draws with: tiles, text in every script, fonts, the widgets' theme, menus, scrolling, plots, cues, and the layout check."""
