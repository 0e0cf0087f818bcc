"""The felt: where the position's tiles go and how they are painted, the regions of the screen, labels, plaques and movement."""
