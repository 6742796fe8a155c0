"""Game modes.  ``identity`` (身份局) is the standard 4-8 player mode."""
