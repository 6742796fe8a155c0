"""sgs: the 三国杀 skill language, its compiler and the game runtime."""
