"""The Discord side: everything that speaks discord.py, over the Discord-free :mod:`bot.runtime`.

* :mod:`~bot.ui.wiring`: :class:`~bot.ui.wiring.DiscordRuntime`, the runtime with the client, the
  rate limit, the click handlers, the button router and each table's presenter;
* :mod:`~bot.ui.router`: the one DynamicItem every click reaches, and the dispatch by kind to
  :mod:`~bot.ui.table_clicks`, :mod:`~bot.ui.lobby_clicks` and :mod:`~bot.ui.leaderboard`, which
  ask the runtime and answer (the cogs' commands call them too);
* :mod:`~bot.ui.presenter`: shows one table (its message, :mod:`~bot.ui.panels`,
  :mod:`~bot.ui.pacing`), from the snapshots its actor hands it;
* :mod:`~bot.ui.table_spec`, :mod:`~bot.ui.panel_spec`, :mod:`~bot.ui.lobby_message`,
  :mod:`~bot.ui.labels`, :mod:`~bot.ui.components`: what the messages say and which buttons they
  carry; :mod:`~bot.ui.interactions`: who clicked, where, in which language;
* :mod:`~bot.ui.replies`: errors become ephemeral replies, answers in time;
* :mod:`~bot.ui.slash`, :mod:`~bot.ui.command_i18n`, :mod:`~bot.ui.help`: the slash commands'
  checks, their Japanese, and ``/mahjong help``.

Named ``ui`` so that it never shadows the ``discord`` library. See ``docs/architecture.md``.
"""
