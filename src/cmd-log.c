/* cmd-log.c — `tablesight log show|replay|export`: a game's log as a human transcript, its
 * final state, or exported as JSON Lines or text. */
#include "commands.h"
#include "engine.h"
#include "engine-cli.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  int player;
  GPtrArray *names; /* char *, lands tapped for mana not yet accounted to a spell */
} PendingTaps;

static char *
taps_text (GPtrArray *names)
{
  GString *s = g_string_new (NULL);
  g_autoptr (GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  for (guint i = 0; i < names->len; i++) {
    const char *n = names->pdata[i];
    guint c = GPOINTER_TO_UINT (g_hash_table_lookup (counts, n));
    if (c == 0)
      g_ptr_array_add (order, (gpointer) n);
    g_hash_table_insert (counts, (gpointer) n, GUINT_TO_POINTER (c + 1));
  }
  for (guint i = 0; i < order->len; i++) {
    guint c = GPOINTER_TO_UINT (g_hash_table_lookup (counts, order->pdata[i]));
    g_string_append_printf (s, "%s%s", i ? ", " : "", (char *) order->pdata[i]);
    if (c > 1)
      g_string_append_printf (s, " \xc3\x97%u", c); /* U+00D7 multiplication sign */
  }
  return g_string_free (s, FALSE);
}

static void
flush_taps (PendingTaps *p, const TsState *s, FILE *out)
{
  if (p->names->len == 0)
    return;
  g_autofree char *t = taps_text (p->names);
  const char *who = p->player >= 0 && p->player < s->n_players ? s->players[p->player].name : "?";
  fprintf (out, "Turn %d, %s: %s — tapped %s for mana\n", s->turn, who, s->step_name, t);
  g_ptr_array_set_size (p->names, 0);
}

static gboolean
is_spell_event (const TsEvent *e, const TsState *s)
{
  if (e->kind == TS_EVENT_CAST)
    return TRUE;
  return e->kind == TS_EVENT_MOVE && e->zone == TS_ZONE_BATTLEFIELD &&
         (e->from_zone == TS_ZONE_HAND || e->from_zone == TS_ZONE_NONE) &&
         ts_state_find_permanent (s, e->object) == NULL;
}

typedef struct {
  int n_players;
  int life[TS_MAX_PLAYERS];
  int poison[TS_MAX_PLAYERS];
  gboolean in_game[TS_MAX_PLAYERS];
  GHashTable *lethal; /* ids of permanents with lethal damage */
} Before;

static void
before_take (Before *b, const TsState *s)
{
  memset (b, 0, sizeof *b);
  b->n_players = s->started ? s->n_players : 0;
  for (int i = 0; i < s->n_players; i++) {
    b->life[i] = s->players[i].life;
    b->poison[i] = s->players[i].poison;
    b->in_game[i] = s->players[i].in_game;
  }
  b->lethal = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < s->permanents->len; i++) {
    const TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    if (p->lethal)
      g_hash_table_add (b->lethal, GUINT_TO_POINTER (p->id));
  }
}

/* What an event changed that the judge should see: life, poison, deaths, players out. */
static void
print_consequences (Before *b, const TsState *s, FILE *out)
{
  for (int i = 0; i < MIN (b->n_players, s->n_players); i++) {
    const TsPlayer *p = &s->players[i];
    if (p->life != b->life[i])
      fprintf (out, "  = %s: life %d \xe2\x86\x92 %d\n", p->name, b->life[i], p->life);
    if (p->poison != b->poison[i])
      fprintf (out, "  = %s: poison %d \xe2\x86\x92 %d\n", p->name, b->poison[i], p->poison);
    if (b->in_game[i] && !p->in_game)
      fprintf (out, "  = %s is out of the game (%s)\n", p->name, p->lost_why ? p->lost_why : "lost");
  }
  for (guint i = 0; i < s->permanents->len; i++) {
    const TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    if (p->lethal && !g_hash_table_contains (b->lethal, GUINT_TO_POINTER (p->id)))
      fprintf (out, "  = %s has lethal damage: to the graveyard\n", p->card ? p->card : "a creature");
  }
  g_hash_table_unref (b->lethal);
}

/* Cards of the table as found, gathered so consecutive setup moves print as one line per
 * player: "Table as found: Alice has Mountain, Mountain, Grizzly Bears". */
typedef struct {
  GPtrArray *cards[TS_MAX_PLAYERS]; /* char *, "Mountain (tapped)" */
  GPtrArray *notes;                 /* char *, warning lines to print after the group */
} PendingSetup;

static gboolean
is_setup_entry (TsEngine *engine, const TsEvent *e)
{
  return e->kind == TS_EVENT_MOVE && e->zone == TS_ZONE_BATTLEFIELD &&
         ts_engine_event_is_setup (engine, e);
}

static void
flush_setup (PendingSetup *p, const TsState *s, FILE *out)
{
  for (int i = 0; i < TS_MAX_PLAYERS; i++) {
    if (p->cards[i]->len == 0)
      continue;
    g_ptr_array_add (p->cards[i], NULL);
    g_autofree char *list = g_strjoinv (", ", (char **) p->cards[i]->pdata);
    fprintf (out, "Table as found: %s has %s\n", i < s->n_players ? s->players[i].name : "?", list);
    g_ptr_array_set_size (p->cards[i], 0);
  }
  for (guint i = 0; i < p->notes->len; i++)
    fprintf (out, "%s\n", (char *) p->notes->pdata[i]);
  g_ptr_array_set_size (p->notes, 0);
}

/* Prints the transcript of events to out, with each event's warnings under it. */
static void
print_transcript (GPtrArray *events, const TsCardDb *db, FILE *out)
{
  g_autoptr (TsEngine) engine = ts_engine_new (NULL, db);
  PendingTaps taps = { -1, g_ptr_array_new_with_free_func (g_free) };
  PendingSetup setup = { .notes = g_ptr_array_new_with_free_func (g_free) };
  for (int i = 0; i < TS_MAX_PLAYERS; i++)
    setup.cards[i] = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < events->len; i++) {
    const TsEvent *e = g_ptr_array_index (events, i);
    const TsState *s = ts_engine_get_state (engine);
    g_autofree char *line = NULL;
    if (is_setup_entry (engine, e)) {
      flush_taps (&taps, s, out);
      int seat = e->player >= 0 && e->player < s->n_players ? e->player : s->active;
      g_ptr_array_add (setup.cards[seat],
                       g_strdup_printf ("%s%s", e->card ? e->card : "a card",
                                        (e->flags & TS_EVENT_FLAG_TAPPED) ? " (tapped)" : ""));
      TsVerdict v;
      ts_engine_apply (engine, e, &v, NULL);
      s = ts_engine_get_state (engine);
      for (guint w = 0; w < v.n_warnings; w++) {
        const TsWarning *warning = &g_array_index (s->warnings, TsWarning, v.first_warning + w);
        g_ptr_array_add (setup.notes, g_strdup_printf ("  ! [%s] %s", warning->rule, warning->message));
      }
      continue;
    }
    flush_setup (&setup, s, out);
    if (e->kind == TS_EVENT_TAP) {
      TsPermanent *p = ts_state_find_permanent (s, e->object);
      if (p && (p->types & TS_TYPE_LAND) && !s->in_attack) {
        if (taps.player != p->controller)
          flush_taps (&taps, s, out);
        taps.player = p->controller;
        g_ptr_array_add (taps.names, g_strdup (p->card));
        ts_engine_apply (engine, e, NULL, NULL);
        continue;
      }
    }
    if (is_spell_event (e, s) && taps.names->len > 0 && taps.player == e->player) {
      g_autofree char *t = taps_text (taps.names);
      line = ts_engine_describe (engine, e, t);
      g_ptr_array_set_size (taps.names, 0);
    } else {
      flush_taps (&taps, s, out);
      line = ts_engine_describe (engine, e, NULL);
    }
    fprintf (out, "%s\n", line);
    TsVerdict v;
    Before before;
    before_take (&before, s);
    ts_engine_apply (engine, e, &v, NULL);
    s = ts_engine_get_state (engine);
    print_consequences (&before, s, out);
    for (guint w = 0; w < v.n_warnings; w++) {
      const TsWarning *warning = &g_array_index (s->warnings, TsWarning, v.first_warning + w);
      fprintf (out, "  ! [%s] %s\n", warning->rule, warning->message);
    }
  }
  flush_setup (&setup, ts_engine_get_state (engine), out);
  flush_taps (&taps, ts_engine_get_state (engine), out);
  const TsState *s = ts_engine_get_state (engine);
  if (s->game_over)
    fprintf (out, s->draw ? "The game is a draw.\n" : "%s wins.\n",
             s->winner >= 0 ? s->players[s->winner].name : "?");
  g_ptr_array_unref (taps.names);
  for (int i = 0; i < TS_MAX_PLAYERS; i++)
    g_ptr_array_unref (setup.cards[i]);
  g_ptr_array_unref (setup.notes);
}

int
ts_cmd_log (int argc, char **argv)
{
  g_autofree char *format = NULL;
  g_autofree char *cards_path = NULL;
  g_autofree char *output = NULL;
  gboolean as_json = FALSE;
  GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "export: jsonl (default) or text", "FMT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "export: write to FILE, not stdout", "FILE" },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &as_json, "replay: print the state as JSON", NULL },
    { "cards", 'c', 0, G_OPTION_ARG_FILENAME, &cards_path,
      "Card database (default: the bundled Alpha set)", "DB" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("show|replay|export GAME.db");
  g_option_context_set_summary (ctx,
                                "A game's log: 'show' prints a transcript, 'replay' the final "
                                "state, 'export' the events as JSON Lines or text.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (argc != 3) {
    fprintf (stderr, "%s: give an action (show, replay, export) and a GAME.db\n", argv[0]);
    return 2;
  }
  const char *action = argv[1];
  const char *path = argv[2];
  if (strcmp (action, "show") != 0 && strcmp (action, "replay") != 0 &&
      strcmp (action, "export") != 0) {
    fprintf (stderr, "%s: unknown action '%s' (show, replay, export)\n", argv[0], action);
    return 2;
  }
  if (format && strcmp (format, "jsonl") != 0 && strcmp (format, "text") != 0) {
    fprintf (stderr, "%s: unknown format '%s' (jsonl, text)\n", argv[0], format);
    return 2;
  }
  g_autoptr (TsCardDb) db = ts_engine_cli_open_cards (cards_path, &error);
  if (db == NULL && cards_path) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  g_clear_error (&error);
  g_autoptr (GPtrArray) events = ts_engine_cli_load_events (path, &error);
  if (events == NULL) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  FILE *out = stdout;
  if (output) {
    out = fopen (output, "w");
    if (out == NULL) {
      fprintf (stderr, "%s: cannot write %s\n", argv[0], output);
      return 1;
    }
  }
  int rc = 0;
  if (strcmp (action, "show") == 0 ||
      (strcmp (action, "export") == 0 && g_strcmp0 (format, "text") == 0)) {
    print_transcript (events, db, out);
  } else if (strcmp (action, "export") == 0) {
    for (guint i = 0; i < events->len; i++) {
      g_autofree char *line = ts_event_to_json (g_ptr_array_index (events, i));
      fprintf (out, "%s\n", line);
    }
  } else {
    g_autoptr (TsEngine) engine = ts_engine_new (NULL, db);
    for (guint i = 0; i < events->len; i++)
      ts_engine_apply (engine, g_ptr_array_index (events, i), NULL, NULL);
    if (as_json) {
      g_autoptr (JsonNode) node = ts_state_to_json (ts_engine_get_state (engine));
      g_autoptr (JsonGenerator) gen = json_generator_new ();
      json_generator_set_root (gen, node);
      json_generator_set_pretty (gen, TRUE);
      g_autofree char *text = json_generator_to_data (gen, NULL);
      fprintf (out, "%s\n", text);
    } else {
      g_autofree char *text = ts_state_to_text (ts_engine_get_state (engine));
      fputs (text, out);
    }
  }
  if (out != stdout && fclose (out) != 0) {
    fprintf (stderr, "%s: cannot write %s\n", argv[0], output);
    rc = 1;
  }
  return rc;
}
