"""End-to-end tests: the real discord.py client against a local fake Discord."""
