"""Discord cogs: thin glue between interactions and the table runtime."""
