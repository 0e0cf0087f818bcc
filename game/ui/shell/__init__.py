"""The app's shell: the window, the frame loop and its pace, the scene stack and how screens follow one another, sound, controllers and memory."""
