"""Learn to play: the lessons, as data (lessons.json) and the code that reads them."""
