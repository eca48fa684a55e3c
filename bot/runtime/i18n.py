"""The bot's user-facing text in English and Japanese, chosen from the interaction's locale.

The shared texts are here; each variant's own (its action buttons, prompts, table lines) are in
its ``ui.py`` (``VariantUI.texts``), and :func:`text` finds them through the registry. A key
means one text everywhere: defining it twice is an error (:func:`defined_twice`).

>>> text("stale_click", "ja", seq=3, current=5)
'そのボタンは古い手番（#3）のものです。いまは #5 です。最新のパネルを使ってください。'
>>> text("stale_click", "fr", seq=3, current=5).startswith("That button is from an earlier turn")
True
"""

from __future__ import annotations

import functools
from typing import Any

from bot.engine.variants import VARIANTS
from render.words import Language

__all__ = ["Locale", "defined_twice", "has_text", "is_japanese", "picture_language", "text"]

Locale = str
"""A Discord locale code such as ``en-US`` or ``ja``."""

_TEXT: dict[str, tuple[str, str]] = {
    # errors
    "invalid_button": ("That button is not valid.", "そのボタンは無効です。"),
    "stale_click": (
        "That button is from an earlier turn (#{seq}); the game is at #{current} now. Use your latest panel.",
        "そのボタンは古い手番（#{seq}）のものです。いまは #{current} です。最新のパネルを使ってください。",
    ),
    "not_your_decision": ("You have nothing to decide right now.", "いまはあなたの番ではありません。"),
    "not_your_turn": ("It is not your turn to act.", "いまはあなたの番ではありません。"),
    "illegal_action": ("That move is not allowed now.", "いまその操作はできません。"),
    "not_seated": ("You are not seated at this table.", "あなたはこの卓に座っていません。"),
    "no_table": ("There is no game in this channel.", "このチャンネルに対局はありません。"),
    "game_over": ("This game has ended.", "この対局は終了しました。"),
    "no_lobby": (
        "There is no open lobby here. Open one with /mahjong new.",
        "募集中の卓はありません。/mahjong new で卓を立ててください。",
    ),
    "lobby_gone": (
        "This lobby is closed (it may have been cancelled, or the bot restarted). Open a new one with /mahjong new.",
        "この募集は終了しています（取り消しまたは再起動）。/mahjong new で卓を立て直してください。",
    ),
    "channel_busy": (
        "This channel already has a lobby or a game. Finish or cancel it first.",
        "このチャンネルにはすでに募集中の卓か対局があります。",
    ),
    "not_host": (
        "Only the host or a member with Manage Server can do that.",
        "それができるのはホストかサーバー管理権限を持つメンバーだけです。",
    ),
    "already_joined": ("You are already at this table.", "すでに参加しています。"),
    "not_joined": ("You are not in this lobby.", "この卓に参加していません。"),
    "lobby_full": ("The table is full.", "満席です。"),
    "need_players": (
        "{variant} needs {needed} players; {have} seated. Add CPUs or wait for more players.",
        "{variant}は{needed}人で遊びます（現在{have}人）。CPUを追加するか参加者を待ってください。",
    ),
    "guild_only": ("Use this in a server channel.", "サーバーのチャンネルで使ってください。"),
    "not_auto": ("You are not on autopilot.", "自動打牌になっていません。"),
    "bad_setting": ("Setting not accepted: {detail}", "設定エラー: {detail}"),
    "unknown_variant": ("Unknown variant {name}.", "{name} という種目はありません。"),
    "bad_option": (
        "`{option}` cannot be {value}: choose {choices}.",
        "`{option}` に {value} は指定できません。{choices} から選んでください。",
    ),
    # options a client sent (any client can send anything): each names the option and what it may be
    "option_range": (
        "`{option}` must be {allowed}, not {value}.",
        "`{option}` は{allowed}で指定してください（{value} は指定できません）。",
    ),
    "range": ("from {low} to {high}", "{low}〜{high}"),
    "range_step": ("from {low} to {high} in steps of {step}", "{low}〜{high}（{step}刻み）"),
    "form": ("like `{example}`", "`{example}` の形"),
    "option_form": (
        "`{option}` must look like `{example}`, not {value}.",
        "`{option}` は `{example}` の形で指定してください（{value} は指定できません）。",
    ),
    "range_min": ("{low} or more", "{low}以上"),
    "range_max": ("{high} or less", "{high}以下"),
    "option_length": (
        "`{option}` takes {low} to {high} characters, not {length}.",
        "`{option}` は{low}〜{high}文字で指定してください（{length}文字は指定できません）。",
    ),
    "option_type": (
        "`{option}` takes {kind}, not {value}.",
        "`{option}` には{kind}を指定してください（{value} は指定できません）。",
    ),
    "kind_string": ("text", "文字列"),
    "kind_integer": ("a whole number", "整数"),
    "kind_number": ("a number", "数値"),
    "kind_boolean": ("on or off (true or false)", "オンかオフ（true / false）"),
    "kind_user": ("a member", "メンバー"),
    "kind_channel": ("a channel", "チャンネル"),
    "kind_role": ("a role", "ロール"),
    "kind_mentionable": ("a member or a role", "メンバーかロール"),
    "kind_attachment": ("a file", "ファイル"),
    "unresolved_option": (
        "`{option}` arrived without Discord's details of {kind}; choose it again from the list.",
        "`{option}` の{kind}の情報が届きませんでした。一覧から選び直してください。",
    ),
    "unknown_option": (
        "`/{command}` has no option `{option}`; it takes {known}.",
        "`/{command}` に `{option}` というオプションはありません（使えるもの: {known}）。",
    ),
    "option_of_other_variant": (
        "`{option}` is a setting of {owners}, not {variant}. {variant} takes {known}.",
        "`{option}` は{owners}の設定で、{variant}にはありません。{variant}で使えるオプション: {known}。",
    ),
    "setting_in_rules": (
        "`{option}` is set in `rules` now: `/{command} rules:{option}=…` (your Discord still shows the old options;"
        " it updates by itself).",
        "`{option}` は `rules` で指定します: `/{command} rules:{option}=…`（Discordの表示が古いままです。"
        "そのうち更新されます）。",
    ),
    "no_options": ("no options", "なし"),
    "missing_option": ("`/{command}` needs `{option}`.", "`/{command}` には `{option}` の指定が必要です。"),
    "repeated_option": ("`{option}` was given more than once.", "`{option}` が複数回指定されています。"),
    "command_changed": (
        "This command has changed (the bot was just updated), so nothing was done. Try again in a moment.",
        "このコマンドは更新されたため、何も実行しませんでした。少し待ってからもう一度お試しください。",
    ),
    "transform_failed": (
        "The bot could not read the option value {value}, so nothing was done.",
        "オプションの値 {value} を読み取れなかったため、何も実行しませんでした。",
    ),
    "malformed_command": (
        "That command arrived malformed, so nothing was done.",
        "コマンドの内容が不正なため、何も実行しませんでした。",
    ),
    "no_chips": (
        "{variant} keeps no chips, so its leaderboard cannot be ordered by chips.",
        "{variant}にはチップがないため、チップ順のランキングはありません。",
    ),
    "calc_error": ("Cannot score that hand: {detail}", "計算できません: {detail}"),
    "no_game_id": ("There is no game #{game}.", "対局 #{game} はありません。"),
    "internal": (
        "Something went wrong on our side; nothing was changed. Please try again.",
        "内部エラーが発生しました（変更はありません）。もう一度お試しください。",
    ),
    "save_failed": (
        "Your move could not be saved, so it was not played. Please try again.",
        "操作を保存できなかったため、取り消しました。もう一度お試しください。",
    ),
    "table_paused": (
        "The table is paused while saving is failing, so nothing was changed. Try again in a moment.",
        "保存ができないため卓を一時停止しています。変更はありません。少し待ってからもう一度お試しください。",
    ),
    "move_kept": (
        "Saving is failing, so the table is paused. Your move is kept: it is played as soon as saving works again.",
        "保存ができないため卓を一時停止しました。あなたの操作は保留し、保存できるようになり次第反映します。",
    ),
    "lobby_save_failed": (
        "The table could not be saved, so your change was undone. Please try again in a moment.",
        "卓を保存できなかったため、変更を取り消しました。少し待ってからもう一度お試しください。",
    ),
    # lobby
    "lobby_title": ("{title} — table open", "{title}　メンバー募集"),
    "lobby_host": ("Host: {host}", "ホスト: {host}"),
    "lobby_seats": ("Players ({have}/{needed})", "参加者（{have}/{needed}）"),
    "lobby_empty_seat": ("— empty —", "— 空席 —"),
    "lobby_settings": ("Settings", "設定"),
    "lobby_defaults": ("standard rules", "標準ルール"),
    "lobby_timer": ("{turn}s per decision + {bank}s bank", "持ち時間 {turn}秒 + 予備 {bank}秒"),
    "lobby_cancelled": ("Lobby cancelled.", "募集を取り消しました。"),
    "lobby_started": ("Game #{game} started below.", "対局 #{game} を開始しました。"),
    "joined": ("You joined the table.", "参加しました。"),
    "left": ("You left the table.", "退席しました。"),
    "button_join": ("Join", "参加"),
    "button_leave": ("Leave", "退席"),
    "button_cpu": ("Add CPU", "CPU追加"),
    "button_start": ("Start", "開始"),
    "button_cancel": ("Cancel", "取消"),
    # table
    "table_header": (
        "**{title}** · game #{game} · {round} · {left} tiles left",
        "**{title}** · 対局 #{game} · {round} · 残り{left}枚",
    ),
    "to_discard": ("▶ {name} to play {deadline}", "▶ {name} の手番 {deadline}"),
    "calls_open_on": ("▶ Calls open on {name}'s tile", "▶ 鳴き確認中（{name} の牌）"),
    "calls_open": ("▶ Calls open on the revealed discards", "▶ 鳴き確認中（公開された捨て牌）"),
    "waiting_others": ("▶ Waiting for the players to choose {deadline}", "▶ 各プレイヤーの選択待ち {deadline}"),
    "waiting_deal": (
        "▶ Setting aside flowers, 西 and 北 from the dealt hands {deadline}",
        "▶ 配牌から花牌・西・北を抜いています {deadline}",
    ),
    "autoplay_note": ("🤖 on autopilot: {names}", "🤖 自動打牌中: {names}"),
    "went_auto": (
        "{name} timed out twice and is now played automatically. Press “I'm back” to take over again.",
        "{name} さんが2回時間切れになったため自動打牌にしました。「戻りました」で再開できます。",
    ),
    "back_done": ("Welcome back — you are playing again.", "おかえりなさい。手動操作に戻りました。"),
    "button_hand": ("My hand", "手牌"),
    "button_back": ("I'm back", "戻りました"),
    "wall_commitment": ("🔒 wall sha256 `{digest}…`", "🔒 山 sha256 `{digest}…`"),
    "wall_revealed": (
        "🔓 wall salt `{salt}` (the seed in /mahjong replay rebuilds the wall)",
        "🔓 山のソルト `{salt}`（/mahjong replay のシードで山を再現できます）",
    ),
    "table_over": ("Final position.", "終局図"),
    "game_finished": ("Game #{game} is over. {reason}", "対局 #{game} 終了。{reason}"),
    "cancel_confirm": (
        "Cancel game #{game} for everyone at the table? It ends now and does not count in the stats.",
        "対局 #{game} を中止しますか？ 卓の全員の対局がここで終わり、成績には残りません。",
    ),
    "button_cancel_game": ("Cancel the game", "対局を中止する"),
    "button_keep_playing": ("Keep playing", "対局を続ける"),
    "cancel_kept": ("Nothing was cancelled: the game goes on.", "中止しませんでした。対局は続きます。"),
    "cancel_stale": (
        "Game #{game} has already ended, so nothing was cancelled.",
        "対局 #{game} はすでに終わっています。何も中止していません。",
    ),
    "game_cancelled": ("Game #{game} was cancelled by {name}.", "対局 #{game} は {name} さんにより中止されました。"),
    "table_moved": ("The table continues below.", "卓は下に移動しました。"),
    "resumed": (
        "The bot restarted; game #{game} continues from move #{seq}.",
        "ボットが再起動しました。対局 #{game} を #{seq} から再開します。",
    ),
    "resumed_reopen": (
        "{mentions}: press **My hand** to see your hand again.",
        "{mentions}：「My hand」を押して手牌を開き直してください。",
    ),
    "hand_won": ("{round}: {winner} wins {points} from {loser}", "{round}: {winner} が {loser} から {points}点の和了"),
    "hand_tsumo": ("{round}: {winner} wins {points} by tsumo", "{round}: {winner} がツモ和了 {points}点"),
    "hand_draw": ("{round}: exhaustive draw", "{round}: 流局"),
    "result_chips": ("🪙 Chips: {items}", "🪙 チップ: {items}"),
    "result_flips": ("{name}, from each payer: {flips}", "{name}（1人あたり）: {flips}"),
    "result_dice": ("🎲 Dice, from each payer: {rolls}", "🎲 サイコロ（1人あたり）: {rolls}"),
    "result_stocked": ("stocked", "ストック"),
    "result_flips_default": ("Flips", "めくり"),
    "vote_end_cast": (
        "{name} votes to end the game ({votes}/{needed}).",
        "{name} さんが終了に投票しました（{votes}/{needed}）。",
    ),
    "vote_end_withdrawn": (
        "{name} withdrew their vote to end ({votes}/{needed}).",
        "{name} さんが終了の投票を取り消しました（{votes}/{needed}）。",
    ),
    "time_up": ("⏰ Time is up: this hand is the last.", "⏰ 時間です。この局で終了します。"),
    "store_paused": (
        "⚠️ Saving is failing, so the table is paused and no clock runs. "
        "It carries on by itself when the store works again.",
        "⚠️ 保存ができないため卓を一時停止しています（持ち時間は減りません）。保存できるようになると自動で再開します。",
    ),
    "store_resumed": (
        "✅ Saving works again: the table carries on.",
        "✅ 保存できるようになりました。対局を再開します。",
    ),
    # panel
    "panel_title": (
        "**Your hand** · {round} · seat {wind} · {points} pts",
        "**あなたの手牌** · {round} · {wind}家 · {points}点",
    ),
    "panel_title_no_wind": ("**Your hand** · {round} · {points} pts", "**あなたの手牌** · {round} · {points}点"),
    "panel_turn": (
        "▶ Your turn — choose a tile to discard",
        "▶ あなたの番です。打牌を選んでください",
    ),
    "panel_riichi": (
        "Riichi: choose the tile to discard sideways",
        "リーチ: 横に曲げる牌を選んでください",
    ),
    "panel_turn_act": (
        "▶ Your turn — choose an action",
        "▶ あなたの番です。操作を選んでください",
    ),
    "panel_deal": (
        "▶ Your dealt hand: set aside flowers, 西 and 北 (one button each), then Pass to keep the rest",
        "▶ 配牌から花牌・西・北を抜いてください（1枚ずつ）。抜かない牌はそのまま「パス」",
    ),
    "panel_clock_turn": (
        "⏱ Turn ends {turn} · then your bank ({bank} s) runs out {deadline}",
        "⏱ 持ち時間 {turn}まで ・ その後 予備 {bank}秒（{deadline}まで）",
    ),
    "panel_clock_bank": (
        "⏱ Turn time is up — your bank runs out {deadline}",
        "⏱ 持ち時間終了：予備を使用中（{deadline}まで）",
    ),
    "panel_clock_no_bank": ("⏱ Turn ends {turn} (no bank left)", "⏱ 持ち時間 {turn}まで（予備なし）"),
    "panel_clock": ("⏱ Time runs out {deadline}", "⏱ {deadline}まで"),
    "panel_claim": ("▶ You may call the discard ({what})", "▶ 鳴き・ロンできます（{what}）"),
    "panel_wait": ("Waiting for {names}.", "{names} を待っています。"),
    "panel_wait_others": ("Waiting for the other players.", "他のプレイヤーを待っています。"),
    "panel_waits": ("Waits: {tiles}", "待ち: {tiles}"),
    "panel_note": ("ℹ️ {note}", "ℹ️ {note}"),
    "panel_furiten": (" (furiten)", "（フリテン）"),
    "panel_auto": (
        "🤖 You are on autopilot. Press “I'm back” to play again.",
        "🤖 自動打牌中です。「戻りました」で再開します。",
    ),
    "panel_over": ("The game is over.", "対局は終了しました。"),
    "panel_dm_sent": ("Your hand is in your DMs now.", "手牌をDMに送りました。"),
    "panel_dm_failed": (
        "I could not DM you (your privacy settings block it), so here is your hand instead.",
        "DMを送れませんでした（プライバシー設定）。こちらに手牌を表示します。",
    ),
    "panel_dm_unavailable": (
        "Hands cannot go to DMs on this server (its tables run in a bot process that direct "
        "messages do not reach), so here is your hand.",
        "このサーバーでは手牌をDMに送れません（卓を動かすボットのプロセスにDMが届きません）。こちらに表示します。",
    ),
    "panel_here": (
        "Your hand will be shown here again. Use “My hand” on the table to open it.",
        "手牌をこちらに表示するように戻しました。卓の「手牌」ボタンで開けます。",
    ),
    "button_riichi": ("Riichi…", "リーチ…"),
    "button_tsumo": ("Tsumo", "ツモ"),
    "button_ron": ("Ron", "ロン"),
    "button_pon": ("Pon {tiles}", "ポン {tiles}"),
    "button_chi": ("Chi {tiles}", "チー {tiles}"),
    "button_pass": ("Pass", "パス"),
    # tile faces a notation does not say plainly (bot/ui/labels.py: tile_label, tile_mark)
    "tile_pocchi": ("白 pocchi", "白ポッチ"),
    "tile_mark_pocchi": ("Pocchi", "ポッチ"),
    "tile_spring": ("Spring", "春"),
    "tile_summer": ("Summer", "夏"),
    "tile_autumn": ("Autumn", "秋"),
    "tile_winter": ("Winter", "冬"),
    # core actions and panel modes (an action button is "button_<kind>", a variant's own in its ui.py)
    "panel_pick": (
        "▶ Draft — take one tile of the packet",
        "▶ 配牌 — 回ってきた牌から1枚取ってください",
    ),
    "panel_locked": (
        "🔒 Locked in: {what} — you may change it until the last player locks in.",
        "🔒 {what} で確定 — 全員が確定するまで変更できます。",
    ),
    "locked_tsumo": ("Tsumo", "ツモ"),
    "button_kan": ("Kan {tiles}", "カン {tiles}"),
    "button_kan_add": ("Kan: add {tiles}", "加カン {tiles}"),
    "button_set_aside": ("Set aside {tiles}", "抜く {tiles}"),
    "button_vote_end": ("Vote to end", "終了に投票"),
    "button_vote_continue": ("Vote to continue", "続行に投票"),
    "button_cancel_riichi": ("Back", "戻る"),
    "button_done": ("Done", "終了"),
    "panel_others_riichi": ("🀄 In riichi: {names}", "🀄 リーチ中: {names}"),
    "panel_open_waits": ("👁 {name}'s open riichi waits on {tiles}", "👁 {name} のオープン立直の待ち: {tiles}"),
    "button_dm": ("Send to DM", "DMで受け取る"),
    "button_auto": ("⚙ Auto", "⚙ オート"),
    "button_language": ("🌐 日本語", "🌐 English"),
    "button_auto_riichi_discard": ("Riichi: auto-discard", "リーチ後ツモ切り"),
    "button_auto_auto_win": ("Auto-win", "自動和了"),
    "button_auto_no_calls": ("No calls", "鳴きなし"),
    "auto_on": ("{option}: ON", "{option}: ON"),
    "auto_off": ("{option}: OFF", "{option}: OFF"),
    "panel_auto_options": (
        "⚙ Auto options (remembered on this server): press one to switch it.",
        "⚙ オート設定（このサーバーで記憶されます）: 押すと切り替わります。",
    ),
    "button_here": ("Stop DMs", "DMをやめる"),
    # help (/mahjong help and the lobby's Help button; a variant's own steps and buttons are its ui.help)
    "button_help": ("Help", "ヘルプ"),
    "help_title": ("How to play {title} here", "{title}の遊び方"),
    "help_flow": ("A hand, step by step", "1局の流れ"),
    "help_buttons": ("What each button does", "ボタンの説明"),
    "help_buttons_more": ("More buttons", "ボタンの説明（続き）"),
    "help_commands": ("Commands", "コマンド"),
    "help_picture": ("Special rules, with their tiles", "特別ルールと牌の例"),
    "help_footer": (
        "/mahjong rules {variant}: the rules in brief and every table setting",
        "/mahjong rules {variant}: ルールの要約と卓の設定",
    ),
    "help_flow_lobby": (
        "`/mahjong new variant:{variant}` opens a lobby in this channel (`/mahjong new` alone opens the "
        "server's default game): players press **Join**, the host may **Add CPU** for empty seats, then "
        "**Start** ({players} players).",
        "`/mahjong new variant:{variant}` でこのチャンネルに卓を立てます（`/mahjong new` だけなら"
        "サーバーの既定の種目）。"
        "参加者は **参加**、ホストは空席に **CPU追加**、そろったら **開始**（{players}人）。",
    ),
    "help_flow_hand": (
        "The table is one public picture that follows the game. Press **My hand** on it (or "
        "`/mahjong hand`) for your private panel: your tiles and one button for each thing you may do "
        "now. It updates itself as the game moves, and only you see it.",
        "卓は対局に合わせて更新される公開の画像です。卓の **手牌** ボタン（または `/mahjong hand`）で自分専用の"
        "パネルが開きます。手牌と、いまできる操作のボタンが並び、対局に合わせて自動で更新されます（見えるのは自分だけ）。",
    ),
    "help_flow_clock": (
        "Every decision has a clock (a countdown on the panel); when it runs out the default is played "
        "(the drawn tile, or Pass). Two timeouts in a row put you on autopilot until you press **I'm back**.",
        "操作には持ち時間があります（パネルにカウントダウン）。時間切れではツモ切りかパスになり、"
        "2回続くと自動打牌になります。**戻りました** で再開できます。",
    ),
    "help_flow_auto": (
        "**⚙ Auto** on your panel switches what the table plays for you, remembered on this server: "
        "after riichi a draw that cannot win is discarded at once (on at first; a draw that wins or "
        "offers a kan still asks you), **Auto-win** takes every tsumo and ron offered, **No calls** "
        "passes pon, chi and kan (never a ron). A timeout follows them too.",
        "パネルの **⚙ オート** で自動で行う操作を切り替えます（このサーバーで記憶）: リーチ後は和了できない"
        "ツモ牌を自動でツモ切り（最初からオン。和了やカンができるときは確認します）、**自動和了** は"
        "ツモ・ロンをすぐに和了、**鳴きなし** はポン・チー・カンを見送ります（ロンは見送りません）。"
        "時間切れのときもこの設定に従います。",
    ),
    "help_flow_result": (
        "When a hand ends, a result card shows the win or the draw and every payment; the table "
        "continues below it with the next hand. At the end the final standings are posted.",
        "局が終わると結果（和了か流局と支払い）が表示され、その下で次の局が続きます。終了時には最終結果が出ます。",
    ),
    "help_commands_text": (
        "`/mahjong new [variant]` open a table (the server's default game unless named) · "
        "`/mahjong join` `leave` `start` `cancel` the lobby · "
        "`/mahjong hand` your panel · `/mahjong rules` `calc` · `/mahjong leaderboard` `stats` `history` "
        "`replay` · `/mahjong help [variant]` this page · `/mahjong settings` the server's defaults",
        "`/mahjong new [種目]` 卓を立てる（省略時はサーバーの既定の種目） · "
        "`/mahjong join` `leave` `start` `cancel` 募集 · `/mahjong hand` "
        "自分のパネル · `/mahjong rules` `calc` · `/mahjong leaderboard` `stats` `history` `replay` · "
        "`/mahjong help [種目]` このページ · `/mahjong settings` サーバーの既定値",
    ),
    "help_label_discard": ("1p · 赤5p · 東 …", "1p · 赤5p · 東 …"),
    "help_label_pick": ("1p · 赤5p · 東 … (draft)", "1p · 赤5p · 東 …（ドラフト）"),
    "help_action_discard": (
        "One button per tile you may discard (the drawn tile green, last): discards it.",
        "切れる牌ごとのボタン（ツモ牌は緑で最後）。押した牌を切ります。",
    ),
    "help_action_pick": ("Takes this tile into your hand.", "この牌を手牌に取ります。"),
    "help_action_riichi": (
        "Switches the tile buttons to riichi discards: the tile you press is discarded sideways and "
        "you are in riichi. **Back** returns to the plain discards.",
        "牌のボタンをリーチ宣言牌に切り替えます。押した牌を横に曲げてリーチ。**戻る** で通常の打牌に戻ります。",
    ),
    "help_action_tsumo": ("Wins on the tile you drew.", "ツモった牌で和了します。"),
    "help_action_ron": ("Wins on the tile just discarded.", "いま捨てられた牌で和了します。"),
    "help_action_pon": (
        "Claims the discard with the two tiles shown; you then discard.",
        "表示の2枚で捨て牌をポンします。そのあと打牌します。",
    ),
    "help_action_kan": (
        "A kan with the tiles shown: four from your hand, one added to your pon (Kan: add), or three "
        "with the discard; a replacement tile is drawn.",
        "表示の牌でカン: 手牌4枚の暗カン、ポンへの加カン、捨て牌との大明槓。嶺上牌をツモります。",
    ),
    "help_action_set_aside": (
        "Puts the tile beside your hand instead of in the river and draws a replacement.",
        "牌を河ではなく手牌の横に出し、1枚補充します。",
    ),
    "help_action_pass": ("Declines what is on offer; play goes on.", "何もせずに見送ります。"),
    "help_action_vote_end": (
        "Votes to end the game now (press again to take the vote back); it ends once everyone has voted.",
        "対局の終了に投票します（もう一度押すと取り消し）。全員が投票すると終了です。",
    ),
    "help_op_hand": (
        "On the table: opens your private panel (also `/mahjong hand`).",
        "卓のボタン: 自分専用のパネルを開きます（`/mahjong hand` でも可）。",
    ),
    "help_op_back": (
        "Takes you off autopilot after two timeouts (on the table and on your panel).",
        "時間切れ2回で自動打牌になったあと、手動に戻します（卓とパネルにあります）。",
    ),
    "help_op_discard": (
        "On a page of tile choices (riichi…): back to the plain discards.",
        "リーチなどの牌選択ページから通常の打牌に戻ります。",
    ),
    "help_op_dm": (
        "Sends your panel to your DMs from now on (it works from there the same way).",
        "パネルをDMに送ります（以後DMで操作できます）。",
    ),
    "help_op_here": ("Stops the DMs: your panel opens here again.", "DMをやめ、パネルをここに表示します。"),
    "help_op_language": (
        "Shows your panel in the other language (English or 日本語) from now on, whatever your Discord's.",
        "手牌の表示をもう一方の言語（English / 日本語）に切り替えます。",
    ),
    "help_op_auto": (
        "Shows your auto options in place of the tiles (**Back** returns to them).",
        "牌の代わりにオート設定を表示します（**戻る** で牌に戻ります）。",
    ),
    "help_op_riichi_discard": (
        "After riichi, discards a draw that cannot win for you at once (on at first).",
        "リーチ後、和了できないツモ牌を自動でツモ切りします（最初からオン）。",
    ),
    "help_op_auto_win": (
        "Takes every tsumo and ron as soon as it is offered.",
        "ツモ・ロンができるとすぐに和了します。",
    ),
    "help_op_no_calls": (
        "Passes every pon, chi and kan on others' discards (a ron is still yours, or Auto-win's).",
        "他家の捨て牌へのポン・チー・カンをすべて見送ります（ロンは見送りません）。",
    ),
    "help_op_done": (
        "After your claims (several rons): you are done choosing.",
        "複数のロンを選び終えたら押します。",
    ),
    "help_op_lobby": (
        "On a lobby: **Join** / **Leave** a seat; the host's **Add CPU**, **Start** and **Cancel**; "
        "**Help** shows this to anyone.",
        "募集中の卓: **参加**・**退席**、ホストの **CPU追加**・**開始**・**取消**。"
        "**ヘルプ** は誰でもこの説明を表示します。",
    ),
    # info
    "rules_settings": ("Table settings (default)", "卓の設定（既定値）"),
    "rules_settings_table": ("This table's settings", "この卓の設定"),
    "rules_default": ("default {value}", "既定 {value}"),
    "rules_on": ("on", "オン"),
    "rules_off": ("off", "オフ"),
    "rules_players": ("{players} players", "{players}人"),
    "rules_how": (
        "Set at {command}: {options} as options of their own, and any setting in rules as key=value, "
        "e.g. rules: {example}",
        "{command} で設定します: {options} はそれぞれのオプションで、どの設定も「その他のルール」に key=value で"
        "（例: {example}）",
    ),
    "calc_title": ("{han} han · {points} points", "{han}翻 · {points}点"),
    "calc_fu": ("{han} han {fu} fu · {points} points", "{han}翻{fu}符 · {points}点"),
    "calc_payments": ("Payments", "支払い"),
    # admin
    "settings_title": ("Table defaults of this server", "このサーバーの卓の既定値"),
    "settings_saved": (
        "Saved. New tables use these; running games keep theirs.",
        "保存しました。新しい卓から適用されます。",
    ),
    # stats
    "board_title": ("{variant} leaderboard · {period}", "{variant} ランキング · {period}"),
    "board_title_chips": ("{variant} leaderboard by chips · {period}", "{variant} チップランキング · {period}"),
    "board_empty": ("No finished games yet.", "まだ終了した対局がありません。"),
    "board_footer": ("Players {first}–{last} of {total}", "{total}人中 {first}–{last}位"),
    "board_prev": ("Previous", "前へ"),
    "board_next": ("Next", "次へ"),
    "stats_title": ("{name} · {variant}", "{name} · {variant}"),
    "stats_none": ("{name} has not finished a game here yet.", "{name} さんはまだこのサーバーで対局を終えていません。"),
    "stats_all_games": ("all games", "全種目"),
    "stats_field_games": ("Games", "対局数"),
    "stats_field_average_place": ("Average place", "平均順位"),
    "stats_field_placements": ("Placements", "着順"),
    "stats_field_total_score": ("Total score", "合計スコア"),
    "stats_field_best_game": ("Best game", "最高スコア"),
    "stats_field_hands": ("Hands", "局数"),
    "stats_field_win_rate": ("Win rate", "和了率"),
    "stats_field_deal_in_rate": ("Deal-in rate", "放銃率"),
    "stats_field_riichi_rate": ("Riichi rate", "立直率"),
    "stats_field_average_win": ("Average win", "平均打点"),
    "stats_field_chips": ("Chips", "チップ"),
    "stats_field_rating": ("Rating", "レート"),
    "stats_win_rate": ("{rate} ({tsumo} by tsumo)", "{rate}（うちツモ {tsumo}）"),
    "stats_average_win": ("{points} points", "{points}点"),
    "stats_rating_detail": ("(μ {mu}, σ {sigma}, {games} rated)", "（μ {mu}、σ {sigma}、レート対象 {games}局）"),
    "stats_score_points": ("{score:+,.0f} points", "{score:+,.0f}点"),
    "stats_score_line": ("{variant}: **{total}** (best game {best})", "{variant}: **{total}**（最高 {best}）"),
    "stats_about_average": (
        "A game's score is your points at the end minus the table's average: -6,000 points is 6,000 below it.",
        "対局のスコアは終了時の持ち点と卓の平均点との差です（-6,000点は平均より6,000点少ない）。",
    ),
    "stats_about_totals": (
        "Total score adds up the scores of every game counted; best game is the highest.",
        "合計スコアは集計した対局のスコアの合計、最高スコアはその中の最大値です。",
    ),
    "chips_total": ("チップ {chips:+,}", "チップ {chips:+,}"),
    "chips_per_game": ("チップ {chips:+,} ({per_game:+.1f}/game)", "チップ {chips:+,}（1局平均 {per_game:+.1f}）"),
    "history_title": ("Recent games", "最近の対局"),
    "history_none": ("No finished games yet.", "終了した対局はまだありません。"),
    "replay_running": (
        "Game #{game} is still running; this is the table as everyone sees it.",
        "対局 #{game} は進行中です。公開情報のみ表示します。",
    ),
}

_PERIODS = {"all": ("all time", "全期間"), "30d": ("last 30 days", "過去30日"), "7d": ("last 7 days", "過去7日")}


def is_japanese(locale: Locale | None) -> bool:
    """Whether to answer in Japanese (Discord's Japanese locale is ``ja``)."""
    return bool(locale) and str(locale).lower().startswith("ja")


def picture_language(locale: Locale | None) -> Language:
    """The language of a picture for ``locale``: Japanese for ``ja``, else English (as every text).

    >>> picture_language("ja").value, picture_language("en-GB").value, picture_language(None).value
    ('ja', 'en', 'en')
    """
    return Language.JA if is_japanese(locale) else Language.EN


def _sources() -> dict[str, list[str]]:
    """Every text key -> where it is defined: ``shared`` (here) or a variant's key."""
    sources: dict[str, list[str]] = {key: ["shared"] for key in _TEXT}
    for variant in VARIANTS:
        for key in variant.ui.texts:
            sources.setdefault(key, []).append(variant.variant)
    return sources


def defined_twice() -> dict[str, list[str]]:
    """Text keys defined in more than one place, with the places (empty when all is well)."""
    return {key: places for key, places in _sources().items() if len(places) > 1}


@functools.cache
def _catalogue() -> dict[str, tuple[str, str]]:
    """The shared texts and every variant's, in one table."""
    twice = defined_twice()
    if twice:
        raise ValueError(f"text keys defined twice: {twice}")
    catalogue = dict(_TEXT)
    for variant in VARIANTS:
        catalogue.update(variant.ui.texts)
    return catalogue


def has_text(key: str) -> bool:
    """Whether ``key`` names a text (shared or a variant's)."""
    return key in _catalogue()


def text(key: str, locale: Locale | None = None, /, **params: Any) -> str:
    """The message ``key`` in the locale's language (English unless Japanese), formatted."""
    english, japanese = _catalogue()[key]
    template = japanese if is_japanese(locale) else english
    return template.format(**params) if params else template


def period_name(period: str, locale: Locale | None = None) -> str:
    """A leaderboard period for people: ``30d`` -> "last 30 days"."""
    english, japanese = _PERIODS.get(period, (period, period))
    return japanese if is_japanese(locale) else english
