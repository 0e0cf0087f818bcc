"""Ratings: the computer levels' ladder (Bradley-Terry on the Elo scale) and the
player's rating (Glicko-2). No pygame here."""
