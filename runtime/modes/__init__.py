"""Game modes.  ``identity`` (身份局) is the standard 2-10 player mode."""
