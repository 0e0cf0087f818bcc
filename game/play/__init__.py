"""The play at a table, without pygame: the referee between the seats and the match, who plays a seat, and the computer seats' thinking off the drawing thread."""
