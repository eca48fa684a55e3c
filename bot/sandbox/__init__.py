"""A local stand-in for Discord that the real bot logs in to, and the web page that plays through it."""
