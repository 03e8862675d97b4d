/* ts-session-player.c — reading a recorded session folder. The recording's events say what
 * settled on the table and at which frame; they are turned into the same move/tap/untap
 * events the live table's observer produces, so the engine cannot tell the difference. */
#include "ts-session-player.h"

#include <json-glib/json-glib.h>
#include <string.h>

struct TsSessionPlayer {
  gatomicrefcount refs;
  char *dir;
  GHashTable *owners;  /* recording's card id -> seat + 1 */
  GPtrArray *frames;   /* char* base names "frame-0000", in order */
  GPtrArray *events;   /* TsSessionEvent* */
  double fps;
};

static void
session_event_free (gpointer data)
{
  TsSessionEvent *se = data;
  ts_event_free (se->event);
  g_free (se);
}

void
ts_session_frame_free (TsSessionFrame *frame)
{
  if (frame == NULL)
    return;
  g_clear_pointer (&frame->image, ts_image_free);
  g_clear_pointer (&frame->overlays, g_array_unref);
  g_clear_pointer (&frame->names, g_ptr_array_unref);
  g_free (frame->session_ids);
  g_free (frame);
}

TsSessionPlayer *
ts_session_player_ref (TsSessionPlayer *player)
{
  g_return_val_if_fail (player != NULL, NULL);
  g_atomic_ref_count_inc (&player->refs);
  return player;
}

void
ts_session_player_free (TsSessionPlayer *player)
{
  if (player == NULL || !g_atomic_ref_count_dec (&player->refs))
    return;
  g_free (player->dir);
  g_hash_table_unref (player->owners);
  g_ptr_array_unref (player->frames);
  g_ptr_array_unref (player->events);
  g_free (player);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static TsZone
zone_from_recording (const char *zone)
{
  if (g_strcmp0 (zone, "battlefield") == 0)
    return TS_ZONE_BATTLEFIELD;
  if (g_strcmp0 (zone, "graveyard") == 0)
    return TS_ZONE_GRAVEYARD;
  if (g_strcmp0 (zone, "exile") == 0)
    return TS_ZONE_EXILE;
  /* "gone": picked up off the table, back into a hand. */
  return TS_ZONE_HAND;
}

static gboolean
parse_event_line (const char *path, guint line_no, const char *line, TsSessionEvent **out,
                  GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) parse_error = NULL;
  if (!json_parser_load_from_data (parser, line, -1, &parse_error)) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_PARSE, "%s:%u: %s", path, line_no,
                 parse_error->message);
    return FALSE;
  }
  JsonNode *root = json_parser_get_root (parser);
  JsonObject *o = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  const char *what = o != NULL ? json_object_get_string_member_with_default (o, "event", NULL)
                               : NULL;
  if (what == NULL || !json_object_has_member (o, "frame") || !json_object_has_member (o, "id")) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                 "%s:%u: not a recorded table change (needs event, frame and id)", path,
                 line_no);
    return FALSE;
  }

  TsSessionEvent *se = g_new0 (TsSessionEvent, 1);
  TsEvent *ev = ts_event_new (TS_EVENT_NONE);
  se->frame = (guint) json_object_get_int_member (o, "frame");
  se->session_id = (guint) json_object_get_int_member (o, "id");
  se->event = ev;
  ev->source = TS_SOURCE_CAMERA;
  ev->player = (int) json_object_get_int_member_with_default (o, "player", 0) - 1;
  ev->card = g_strdup (json_object_get_string_member_with_default (o, "name", NULL));
  const char *zone = json_object_get_string_member_with_default (o, "zone", NULL);
  if (g_strcmp0 (what, "entered") == 0) {
    ev->kind = TS_EVENT_MOVE;
    ev->from_zone = TS_ZONE_HAND;
    ev->zone = zone_from_recording (zone);
  } else if (g_strcmp0 (what, "left") == 0) {
    ev->kind = TS_EVENT_MOVE;
    ev->from_zone = TS_ZONE_BATTLEFIELD;
    ev->zone = zone_from_recording (zone);
  } else if (g_strcmp0 (what, "tapped") == 0) {
    ev->kind = TS_EVENT_TAP;
  } else if (g_strcmp0 (what, "untapped") == 0) {
    ev->kind = TS_EVENT_UNTAP;
  } else {
    session_event_free (se);
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                 "%s:%u: unknown table change '%s'", path, line_no, what);
    return FALSE;
  }
  *out = se;
  return TRUE;
}

/* Ids of the cards lying tapped in a frame's outline file; empty when it cannot be read (a
 * bad frame is reported when it is shown, not here). */
static GHashTable *
tapped_in_frame (const char *dir, const char *base)
{
  GHashTable *tapped = g_hash_table_new (NULL, NULL);
  g_autofree char *path = g_strdup_printf ("%s/%s.json", dir, base);
  g_autoptr (JsonParser) parser = json_parser_new ();
  if (!json_parser_load_from_file (parser, path, NULL))
    return tapped;
  JsonNode *root = json_parser_get_root (parser);
  JsonObject *o = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonNode *cards = o != NULL ? json_object_get_member (o, "cards") : NULL;
  if (cards == NULL || !JSON_NODE_HOLDS_ARRAY (cards))
    return tapped;
  JsonArray *a = json_node_get_array (cards);
  for (guint i = 0; i < json_array_get_length (a); i++) {
    JsonNode *n = json_array_get_element (a, i);
    if (!JSON_NODE_HOLDS_OBJECT (n))
      continue;
    JsonObject *c = json_node_get_object (n);
    if (json_object_get_boolean_member_with_default (c, "tapped", FALSE))
      g_hash_table_add (tapped, GUINT_TO_POINTER (
                                  (guint) json_object_get_int_member_with_default (c, "id", 0)));
  }
  return tapped;
}

/* The cards on the table in the recording's first frame were there before it began: they are
 * the table as found (docs/events.md), not lands played or spells cast, and those lying
 * sideways were tapped before, so they give no mana. Every later change is an ordinary one. */
static void
mark_table_as_found (const char *dir, const char *first_frame, GPtrArray *events)
{
  guint first = (guint) g_ascii_strtoull (first_frame + strlen ("frame-"), NULL, 10);
  g_autoptr (GHashTable) tapped = tapped_in_frame (dir, first_frame);
  for (guint i = 0; i < events->len; i++) {
    TsSessionEvent *se = g_ptr_array_index (events, i);
    if (se->frame > first)
      continue;
    se->event->flags |= TS_EVENT_FLAG_SETUP;
    if (se->event->kind == TS_EVENT_MOVE && se->event->zone == TS_ZONE_BATTLEFIELD &&
        g_hash_table_contains (tapped, GUINT_TO_POINTER (se->session_id)))
      se->event->flags |= TS_EVENT_FLAG_TAPPED;
  }
}

TsSessionPlayer *
ts_session_player_new (const char *dir, GError **error)
{
  g_return_val_if_fail (dir != NULL, NULL);

  g_autoptr (GDir) d = g_dir_open (dir, 0, error);
  if (d == NULL)
    return NULL;
  g_autoptr (GPtrArray) frames = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "frame-") && g_str_has_suffix (name, ".jpg"))
      g_ptr_array_add (frames, g_strndup (name, strlen (name) - 4));
  if (frames->len == 0) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                 "%s: no recorded frames (frame-NNNN.jpg) in this folder", dir);
    return NULL;
  }
  g_ptr_array_sort (frames, compare_names);

  g_autoptr (GPtrArray) events = g_ptr_array_new_with_free_func (session_event_free);
  g_autofree char *events_path = g_build_filename (dir, "events.jsonl", NULL);
  g_autofree char *text = NULL;
  if (g_file_test (events_path, G_FILE_TEST_EXISTS)) {
    if (!g_file_get_contents (events_path, &text, NULL, error))
      return NULL;
    g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++) {
      g_strstrip (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      TsSessionEvent *se = NULL;
      if (!parse_event_line (events_path, i + 1, lines[i], &se, error))
        return NULL;
      g_ptr_array_add (events, se);
    }
  }

  mark_table_as_found (dir, g_ptr_array_index (frames, 0), events);

  TsSessionPlayer *player = g_new0 (TsSessionPlayer, 1);
  g_atomic_ref_count_init (&player->refs);
  player->owners = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < events->len; i++) {
    const TsSessionEvent *se = g_ptr_array_index (events, i);
    if (se->event->player >= 0)
      g_hash_table_insert (player->owners, GUINT_TO_POINTER (se->session_id),
                           GINT_TO_POINTER (se->event->player + 1));
  }
  player->dir = g_strdup (dir);
  player->frames = g_steal_pointer (&frames);
  player->events = g_steal_pointer (&events);
  player->fps = 30;
  return player;
}

guint
ts_session_player_get_n_frames (const TsSessionPlayer *player)
{
  g_return_val_if_fail (player != NULL, 0);
  return player->frames->len;
}

double
ts_session_player_get_fps (const TsSessionPlayer *player)
{
  g_return_val_if_fail (player != NULL, 30);
  return player->fps;
}

const GPtrArray *
ts_session_player_get_events (const TsSessionPlayer *player)
{
  g_return_val_if_fail (player != NULL, NULL);
  return player->events;
}

TsEvent *
ts_session_player_game_start (const TsSessionPlayer *player)
{
  TsEvent *event = ts_event_new (TS_EVENT_GAME_START);
  event->source = TS_SOURCE_PERSON;
  event->player = 0;
  event->n_players = 2;
  /* The recording's seats: player 1 at the bottom of the picture, player 2 at the top. */
  event->names[0] = g_strdup ("Player 1");
  event->names[1] = g_strdup ("Player 2");
  event->profile = g_strdup ("classic");
  return event;
}

static gboolean
read_point (JsonArray *quad, guint i, double *x, double *y)
{
  if (quad == NULL || i >= json_array_get_length (quad))
    return FALSE;
  JsonArray *p = json_array_get_array_element (quad, i);
  if (p == NULL || json_array_get_length (p) < 2)
    return FALSE;
  *x = json_array_get_double_element (p, 0);
  *y = json_array_get_double_element (p, 1);
  return TRUE;
}

TsSessionFrame *
ts_session_player_load_frame (const TsSessionPlayer *player, guint index, GError **error)
{
  g_return_val_if_fail (player != NULL, NULL);
  g_return_val_if_fail (index < player->frames->len, NULL);

  const char *base = g_ptr_array_index (player->frames, index);
  g_autofree char *jpg = g_strdup_printf ("%s/%s.jpg", player->dir, base);
  g_autofree char *json = g_strdup_printf ("%s/%s.json", player->dir, base);
  g_autoptr (TsSessionFrame) frame = g_new0 (TsSessionFrame, 1);

  frame->image = ts_image_load (jpg, error);
  if (frame->image == NULL)
    return NULL;
  frame->overlays = g_array_new (FALSE, TRUE, sizeof (TsCameraOverlay));
  frame->names = g_ptr_array_new_with_free_func (g_free);
  if (!g_file_test (json, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&frame);

  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) parse_error = NULL;
  if (!json_parser_load_from_file (parser, json, &parse_error)) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_PARSE, "%s: %s", json,
                 parse_error->message);
    return NULL;
  }
  JsonNode *root = json_parser_get_root (parser);
  JsonObject *o = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonArray *cards = o != NULL && json_object_has_member (o, "cards")
                     ? json_object_get_array_member (o, "cards") : NULL;
  if (cards == NULL) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT, "%s: no \"cards\" list", json);
    return NULL;
  }
  guint n = json_array_get_length (cards);
  frame->session_ids = g_new0 (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++) {
    JsonObject *c = json_array_get_object_element (cards, i);
    JsonArray *quad = c != NULL && json_object_has_member (c, "quad")
                      ? json_object_get_array_member (c, "quad") : NULL;
    TsCameraOverlay overlay = { .owner = -1 };
    gboolean ok = quad != NULL;
    for (guint k = 0; ok && k < 4; k++)
      ok = read_point (quad, k, &overlay.quad[2 * k], &overlay.quad[2 * k + 1]);
    if (!ok) {
      g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                   "%s: card %u has no four-corner \"quad\"", json, i);
      return NULL;
    }
    char *label = g_strdup (json_object_get_string_member_with_default (c, "name", NULL));
    g_ptr_array_add (frame->names, label);
    overlay.label = label;
    overlay.tapped = json_object_get_boolean_member_with_default (c, "tapped", FALSE);
    overlay.id = (guint) json_object_get_int_member_with_default (c, "id", 0);
    overlay.owner = GPOINTER_TO_INT (g_hash_table_lookup (player->owners,
                                                          GUINT_TO_POINTER (overlay.id))) - 1;
    /* A title line mostly hidden (a hand over it) is what the reader could not read: show it
     * as the live table would, an unknown card waiting for a name. */
    overlay.unknown = json_object_get_double_member_with_default (c, "visible", 1.0) < 0.25;
    frame->session_ids[frame->overlays->len] = overlay.id;
    g_array_append_val (frame->overlays, overlay);
  }
  return g_steal_pointer (&frame);
}
