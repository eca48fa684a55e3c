"""Generated look-up tables shipped with the engine (see ``python -m bot.engine.tablegen``)."""
