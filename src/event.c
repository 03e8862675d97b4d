/* event.c — game events: lifetime, names, mana text, and the JSON Lines encoding. */
#include "event.h"
#include "cards.h"

#include <string.h>

G_DEFINE_QUARK (ts-event-error-quark, ts_event_error)

static const char *const kind_names[TS_EVENT_KIND_N] = {
  [TS_EVENT_NONE] = "none",
  [TS_EVENT_GAME_START] = "game_start",
  [TS_EVENT_DEFINE_CARD] = "define_card",
  [TS_EVENT_MOVE] = "move",
  [TS_EVENT_TAP] = "tap",
  [TS_EVENT_UNTAP] = "untap",
  [TS_EVENT_DRAW] = "draw",
  [TS_EVENT_LIFE] = "life",
  [TS_EVENT_POISON] = "poison",
  [TS_EVENT_COUNTER] = "counter",
  [TS_EVENT_MANA_ADD] = "mana_add",
  [TS_EVENT_MANA_SPEND] = "mana_spend",
  [TS_EVENT_CAST] = "cast",
  [TS_EVENT_ACTIVATE] = "activate",
  [TS_EVENT_RESOLVE] = "resolve",
  [TS_EVENT_COUNTER_SPELL] = "counter_spell",
  [TS_EVENT_PASS] = "pass",
  [TS_EVENT_ATTACK] = "attack",
  [TS_EVENT_BAND] = "band",
  [TS_EVENT_BLOCK] = "block",
  [TS_EVENT_ASSIGN] = "assign",
  [TS_EVENT_DAMAGE] = "damage",
  [TS_EVENT_MODIFY] = "modify",
  [TS_EVENT_PREVENT] = "prevent",
  [TS_EVENT_REGENERATE] = "regenerate",
  [TS_EVENT_DESTROY] = "destroy",
  [TS_EVENT_STEP] = "step",
  [TS_EVENT_TURN] = "turn",
  [TS_EVENT_CONCEDE] = "concede",
  [TS_EVENT_UNDO] = "undo",
  [TS_EVENT_REDO] = "redo",
  [TS_EVENT_NOTE] = "note",
  [TS_EVENT_SETUP_END] = "setup_end",
};

static const char *const zone_names[TS_ZONE_N] = {
  "none", "library", "hand", "battlefield", "graveyard", "exile", "stack", "command",
};

static const char *const source_names[] = { "person", "camera", "engine" };
static const char *const mana_letters[TS_MANA_N] = { "W", "U", "B", "R", "G", "C" };

static const struct {
  const char *name;
  guint flag;
} flag_names[] = {
  { "commander", TS_EVENT_FLAG_COMMANDER },
  { "tap", TS_EVENT_FLAG_TAP },
  { "mana", TS_EVENT_FLAG_MANA },
  { "ante", TS_EVENT_FLAG_ANTE },
  { "facedown", TS_EVENT_FLAG_FACEDOWN },
  { "setup", TS_EVENT_FLAG_SETUP },
  { "tapped", TS_EVENT_FLAG_TAPPED },
  { "in_progress", TS_EVENT_FLAG_IN_PROGRESS },
};

const char *
ts_event_kind_name (TsEventKind kind)
{
  return (kind >= 0 && kind < TS_EVENT_KIND_N) ? kind_names[kind] : NULL;
}

int
ts_event_kind_from_name (const char *name)
{
  if (name == NULL)
    return -1;
  for (int i = 0; i < TS_EVENT_KIND_N; i++)
    if (strcmp (kind_names[i], name) == 0)
      return i;
  return -1;
}

const char *
ts_zone_name (TsZone zone)
{
  return (zone >= 0 && zone < TS_ZONE_N) ? zone_names[zone] : NULL;
}

int
ts_zone_from_name (const char *name)
{
  if (name == NULL)
    return -1;
  for (int i = 0; i < TS_ZONE_N; i++)
    if (strcmp (zone_names[i], name) == 0)
      return i;
  return -1;
}

const char *
ts_event_source_name (TsEventSource source)
{
  return (source >= 0 && source <= TS_SOURCE_ENGINE) ? source_names[source] : "person";
}

const char *
ts_mana_color_letter (TsManaColor color)
{
  return (color >= 0 && color < TS_MANA_N) ? mana_letters[color] : "?";
}

void
ts_event_init (TsEvent *event)
{
  memset (event, 0, sizeof *event);
  event->player = -1;
  event->target_player = -1;
}

void
ts_event_clear (TsEvent *event)
{
  g_free (event->card);
  g_free (event->cost);
  g_free (event->type_line);
  g_free (event->keywords);
  g_free (event->step);
  g_free (event->profile);
  g_free (event->note);
  for (int i = 0; i < TS_MAX_PLAYERS; i++)
    g_free (event->names[i]);
  ts_event_init (event);
}

TsEvent *
ts_event_new (TsEventKind kind)
{
  TsEvent *e = g_new (TsEvent, 1);
  ts_event_init (e);
  e->kind = kind;
  return e;
}

void
ts_event_copy_into (TsEvent *dest, const TsEvent *src)
{
  if (dest == src)
    return;
  ts_event_clear (dest);
  *dest = *src;
  dest->card = g_strdup (src->card);
  dest->cost = g_strdup (src->cost);
  dest->type_line = g_strdup (src->type_line);
  dest->keywords = g_strdup (src->keywords);
  dest->step = g_strdup (src->step);
  dest->profile = g_strdup (src->profile);
  dest->note = g_strdup (src->note);
  for (int i = 0; i < TS_MAX_PLAYERS; i++)
    dest->names[i] = g_strdup (src->names[i]);
}

TsEvent *
ts_event_copy (const TsEvent *event)
{
  TsEvent *e = ts_event_new (TS_EVENT_NONE);
  ts_event_copy_into (e, event);
  return e;
}

void
ts_event_free (TsEvent *event)
{
  if (event == NULL)
    return;
  ts_event_clear (event);
  g_free (event);
}

gboolean
ts_mana_parse (const char *text, int out_mana[TS_MANA_N], int *out_x)
{
  int x = 0;
  for (int i = 0; i < TS_MANA_N; i++)
    out_mana[i] = 0;
  if (text == NULL)
    goto done;
  const char *p = text;
  while (*p) {
    if (*p == ' ') {
      p++;
      continue;
    }
    if (*p != '{')
      return FALSE;
    const char *close = strchr (p, '}');
    if (close == NULL || close - p > 8 || close == p + 1)
      return FALSE;
    char sym[9] = { 0 };
    memcpy (sym, p + 1, (size_t) (close - p - 1));
    if (g_ascii_isdigit (sym[0])) {
      char *end = NULL;
      guint64 n = g_ascii_strtoull (sym, &end, 10);
      if (*end != '\0' || n > 1000)
        return FALSE;
      out_mana[TS_MANA_C] = (int) MIN ((guint64) out_mana[TS_MANA_C] + n, 1000000);
    } else if (strcmp (sym, "X") == 0) {
      x = MIN (x + 1, 1000);
    } else if (sym[1] == '\0') {
      const char *letters = "WUBRGC";
      const char *at = strchr (letters, g_ascii_toupper (sym[0]));
      if (at == NULL)
        return FALSE;
      if (out_mana[at - letters] < 1000000)
        out_mana[at - letters]++;
    } else {
      /* hybrid {W/U} and Phyrexian {W/P}: count the first colour, the usual way to pay */
      const char *letters = "WUBRG";
      const char *at = strchr (letters, g_ascii_toupper (sym[0]));
      if (at == NULL || sym[1] != '/')
        return FALSE;
      if (out_mana[at - letters] < 1000000)
        out_mana[at - letters]++;
    }
    p = close + 1;
  }
done:
  if (out_x)
    *out_x = x;
  return TRUE;
}

char *
ts_mana_format (const int mana[TS_MANA_N])
{
  GString *s = g_string_new (NULL);
  if (mana[TS_MANA_C] > 0)
    g_string_append_printf (s, "{%d}", mana[TS_MANA_C]);
  for (int c = 0; c < TS_MANA_C; c++)
    for (int i = 0; i < mana[c] && i < 1000; i++)
      g_string_append_printf (s, "{%s}", mana_letters[c]);
  return g_string_free (s, FALSE);
}

static gboolean
mana_any (const int mana[TS_MANA_N])
{
  for (int i = 0; i < TS_MANA_N; i++)
    if (mana[i] != 0)
      return TRUE;
  return FALSE;
}

JsonNode *
ts_event_to_json_node (const TsEvent *e)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, ts_event_kind_name (e->kind) ? ts_event_kind_name (e->kind) : "none");
  if (e->source != TS_SOURCE_PERSON) {
    json_builder_set_member_name (b, "source");
    json_builder_add_string_value (b, ts_event_source_name (e->source));
  }
  if (e->time_us != 0) {
    json_builder_set_member_name (b, "time_us");
    json_builder_add_int_value (b, e->time_us);
  }
#define ADD_INT(name, val, dflt) \
  if ((val) != (dflt)) { json_builder_set_member_name (b, name); json_builder_add_int_value (b, (val)); }
#define ADD_STR(name, val) \
  if ((val) != NULL) { json_builder_set_member_name (b, name); json_builder_add_string_value (b, (val)); }
  ADD_INT ("player", e->player, -1);
  ADD_STR ("card", e->card);
  ADD_INT ("object", (gint64) e->object, 0);
  if (e->from_zone != TS_ZONE_NONE) {
    json_builder_set_member_name (b, "from");
    json_builder_add_string_value (b, ts_zone_name (e->from_zone));
  }
  if (e->zone != TS_ZONE_NONE) {
    json_builder_set_member_name (b, "zone");
    json_builder_add_string_value (b, ts_zone_name (e->zone));
  }
  ADD_INT ("amount", e->amount, 0);
  if (mana_any (e->mana)) {
    json_builder_set_member_name (b, "mana");
    json_builder_begin_object (b);
    for (int i = 0; i < TS_MANA_N; i++)
      if (e->mana[i] != 0) {
        json_builder_set_member_name (b, mana_letters[i]);
        json_builder_add_int_value (b, e->mana[i]);
      }
    json_builder_end_object (b);
  }
  ADD_INT ("x", e->x, 0);
  if (e->n_targets > 0) {
    json_builder_set_member_name (b, "targets");
    json_builder_begin_array (b);
    for (guint i = 0; i < e->n_targets && i < TS_EVENT_MAX_TARGETS; i++)
      json_builder_add_int_value (b, e->targets[i]);
    json_builder_end_array (b);
  }
  ADD_INT ("target_player", e->target_player, -1);
  ADD_INT ("power", e->power, 0);
  ADD_INT ("toughness", e->toughness, 0);
  if (e->colors != 0) {
    json_builder_set_member_name (b, "colors");
    GString *s = g_string_new (NULL);
    for (int i = 0; i < 5; i++)
      if (e->colors & (1u << i))
        g_string_append (s, mana_letters[i]);
    json_builder_add_string_value (b, s->str);
    g_string_free (s, TRUE);
  }
  if (e->flags != 0) {
    json_builder_set_member_name (b, "flags");
    json_builder_begin_array (b);
    for (guint i = 0; i < G_N_ELEMENTS (flag_names); i++)
      if (e->flags & flag_names[i].flag)
        json_builder_add_string_value (b, flag_names[i].name);
    json_builder_end_array (b);
  }
  ADD_STR ("cost", e->cost);
  ADD_STR ("type_line", e->type_line);
  ADD_STR ("keywords", e->keywords);
  ADD_STR ("step", e->step);
  ADD_STR ("profile", e->profile);
  if (e->n_players > 0) {
    json_builder_set_member_name (b, "players");
    json_builder_begin_array (b);
    for (int i = 0; i < e->n_players && i < TS_MAX_PLAYERS; i++)
      json_builder_add_string_value (b, e->names[i] ? e->names[i] : "");
    json_builder_end_array (b);
    gboolean any = FALSE;
    for (int i = 0; i < e->n_players && i < TS_MAX_PLAYERS; i++)
      any |= e->counts[i] != 0;
    if (any) {
      json_builder_set_member_name (b, "library");
      json_builder_begin_array (b);
      for (int i = 0; i < e->n_players && i < TS_MAX_PLAYERS; i++)
        json_builder_add_int_value (b, e->counts[i]);
      json_builder_end_array (b);
    }
  }
  ADD_STR ("note", e->note);
#undef ADD_INT
#undef ADD_STR
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
ts_event_to_json (const TsEvent *event)
{
  g_autoptr (JsonNode) node = ts_event_to_json_node (event);
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  json_generator_set_root (gen, node);
  return json_generator_to_data (gen, NULL);
}

/* Field readers: each checks the JSON type so a wrong type names the field. */
static gboolean
get_int (JsonObject *o, const char *name, gint64 min, gint64 max, gint64 *out, guint line,
         GError **error)
{
  JsonNode *n = json_object_get_member (o, name);
  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                 "line %u: field \"%s\" must be an integer", line, name);
    return FALSE;
  }
  gint64 v = json_node_get_int (n);
  if (v < min || v > max) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                 "line %u: field \"%s\" is out of range (%" G_GINT64_FORMAT ")", line, name, v);
    return FALSE;
  }
  *out = v;
  return TRUE;
}

static gboolean
get_str (JsonObject *o, const char *name, char **out, guint line, GError **error)
{
  JsonNode *n = json_object_get_member (o, name);
  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                 "line %u: field \"%s\" must be a string", line, name);
    return FALSE;
  }
  const char *s = json_node_get_string (n);
  if (!g_utf8_validate (s, -1, NULL)) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                 "line %u: field \"%s\" is not valid UTF-8", line, name);
    return FALSE;
  }
  g_free (*out);
  *out = g_strdup (s);
  return TRUE;
}

#define LIMIT 1000000

gboolean
ts_event_from_json_node (JsonNode *node, TsEvent *out, GError **error)
{
  return ts_event_from_json_node_line (node, 0, out, error);
}

gboolean
ts_event_from_json_node_line (JsonNode *node, guint line, TsEvent *e, GError **error)
{
  ts_event_clear (e);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node)) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                 "line %u: an event must be a JSON object", line);
    return FALSE;
  }
  JsonObject *o = json_node_get_object (node);
  g_autofree char *kind = NULL, *source = NULL, *from = NULL, *zone = NULL, *colors = NULL;
  gint64 v;
  if (!get_str (o, "kind", &kind, line, error))
    goto fail;
  if (kind == NULL) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT, "line %u: event has no \"kind\"",
                 line);
    goto fail;
  }
  int k = ts_event_kind_from_name (kind);
  if (k <= TS_EVENT_NONE) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                 "line %u: unknown event kind \"%s\"", line, kind);
    goto fail;
  }
  e->kind = k;
  if (!get_str (o, "source", &source, line, error))
    goto fail;
  if (source != NULL) {
    int s = -1;
    for (int i = 0; i < 3; i++)
      if (strcmp (source, source_names[i]) == 0)
        s = i;
    if (s < 0) {
      g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                   "line %u: unknown source \"%s\"", line, source);
      goto fail;
    }
    e->source = s;
  }
  v = 0;
  if (!get_int (o, "time_us", G_MININT64, G_MAXINT64, &v, line, error))
    goto fail;
  e->time_us = v;
#define INT_FIELD(name, field, min, max) \
  v = e->field; \
  if (!get_int (o, name, min, max, &v, line, error)) goto fail; \
  e->field = (int) v;
  INT_FIELD ("player", player, -1, TS_MAX_PLAYERS - 1);
  INT_FIELD ("target_player", target_player, -1, TS_MAX_PLAYERS - 1);
  INT_FIELD ("amount", amount, -LIMIT, LIMIT);
  INT_FIELD ("x", x, 0, LIMIT);
  INT_FIELD ("power", power, -LIMIT, LIMIT);
  INT_FIELD ("toughness", toughness, -LIMIT, LIMIT);
#undef INT_FIELD
  v = 0;
  if (!get_int (o, "object", 0, G_MAXUINT32, &v, line, error))
    goto fail;
  e->object = (guint) v;
  if (!get_str (o, "card", &e->card, line, error) || !get_str (o, "cost", &e->cost, line, error) ||
      !get_str (o, "type_line", &e->type_line, line, error) ||
      !get_str (o, "keywords", &e->keywords, line, error) ||
      !get_str (o, "step", &e->step, line, error) ||
      !get_str (o, "profile", &e->profile, line, error) ||
      !get_str (o, "note", &e->note, line, error) || !get_str (o, "from", &from, line, error) ||
      !get_str (o, "zone", &zone, line, error) || !get_str (o, "colors", &colors, line, error))
    goto fail;
  if (from != NULL) {
    int z = ts_zone_from_name (from);
    if (z < 0) {
      g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT, "line %u: unknown zone \"%s\"",
                   line, from);
      goto fail;
    }
    e->from_zone = z;
  }
  if (zone != NULL) {
    int z = ts_zone_from_name (zone);
    if (z < 0) {
      g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT, "line %u: unknown zone \"%s\"",
                   line, zone);
      goto fail;
    }
    e->zone = z;
  }
  if (colors != NULL) {
    for (const char *c = colors; *c; c++) {
      const char *at = strchr ("WUBRG", g_ascii_toupper (*c));
      if (at == NULL || *c == '\0') {
        g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                     "line %u: \"colors\" holds letters W U B R G only", line);
        goto fail;
      }
      e->colors |= 1u << (at - "WUBRG");
    }
  }
  JsonNode *n = json_object_get_member (o, "mana");
  if (n != NULL && !JSON_NODE_HOLDS_NULL (n)) {
    if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING) {
      int x = 0;
      if (!ts_mana_parse (json_node_get_string (n), e->mana, &x)) {
        g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                     "line %u: \"mana\" is not mana text like \"{2}{R}\"", line);
        goto fail;
      }
    } else if (JSON_NODE_HOLDS_OBJECT (n)) {
      JsonObject *m = json_node_get_object (n);
      for (int i = 0; i < TS_MANA_N; i++) {
        v = 0;
        if (!get_int (m, mana_letters[i], 0, LIMIT, &v, line, error))
          goto fail;
        e->mana[i] = (int) v;
      }
    } else {
      g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                   "line %u: \"mana\" must be an object {\"R\": 2} or text \"{R}{R}\"", line);
      goto fail;
    }
  }
  n = json_object_get_member (o, "targets");
  if (n != NULL && !JSON_NODE_HOLDS_NULL (n)) {
    if (!JSON_NODE_HOLDS_ARRAY (n)) {
      g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                   "line %u: \"targets\" must be an array of object ids", line);
      goto fail;
    }
    JsonArray *a = json_node_get_array (n);
    guint len = json_array_get_length (a);
    if (len > TS_EVENT_MAX_TARGETS) {
      g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                   "line %u: more than %d targets", line, TS_EVENT_MAX_TARGETS);
      goto fail;
    }
    for (guint i = 0; i < len; i++) {
      JsonNode *t = json_array_get_element (a, i);
      if (!JSON_NODE_HOLDS_VALUE (t) || json_node_get_value_type (t) != G_TYPE_INT64 ||
          json_node_get_int (t) <= 0 || json_node_get_int (t) > G_MAXUINT32) {
        g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                     "line %u: target %u is not an object id", line, i);
        goto fail;
      }
      e->targets[e->n_targets++] = (guint) json_node_get_int (t);
    }
  }
  n = json_object_get_member (o, "flags");
  if (n != NULL && !JSON_NODE_HOLDS_NULL (n)) {
    if (!JSON_NODE_HOLDS_ARRAY (n))
      goto bad_flags;
    JsonArray *a = json_node_get_array (n);
    for (guint i = 0; i < json_array_get_length (a); i++) {
      JsonNode *t = json_array_get_element (a, i);
      if (!JSON_NODE_HOLDS_VALUE (t) || json_node_get_value_type (t) != G_TYPE_STRING)
        goto bad_flags;
      guint f = 0;
      for (guint j = 0; j < G_N_ELEMENTS (flag_names); j++)
        if (strcmp (flag_names[j].name, json_node_get_string (t)) == 0)
          f = flag_names[j].flag;
      if (f == 0)
        goto bad_flags;
      e->flags |= f;
    }
  }
  n = json_object_get_member (o, "players");
  if (n != NULL && !JSON_NODE_HOLDS_NULL (n)) {
    if (!JSON_NODE_HOLDS_ARRAY (n) || json_array_get_length (json_node_get_array (n)) > TS_MAX_PLAYERS) {
      g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                   "line %u: \"players\" must be an array of at most %d names", line,
                   TS_MAX_PLAYERS);
      goto fail;
    }
    JsonArray *a = json_node_get_array (n);
    for (guint i = 0; i < json_array_get_length (a); i++) {
      JsonNode *t = json_array_get_element (a, i);
      if (!JSON_NODE_HOLDS_VALUE (t) || json_node_get_value_type (t) != G_TYPE_STRING ||
          !g_utf8_validate (json_node_get_string (t), -1, NULL)) {
        g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                     "line %u: player %u's name is not a string", line, i);
        goto fail;
      }
      e->names[e->n_players++] = g_strdup (json_node_get_string (t));
    }
  }
  n = json_object_get_member (o, "library");
  if (n != NULL && !JSON_NODE_HOLDS_NULL (n)) {
    if (!JSON_NODE_HOLDS_ARRAY (n) || json_array_get_length (json_node_get_array (n)) > TS_MAX_PLAYERS) {
      g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                   "line %u: \"library\" must be an array of card counts", line);
      goto fail;
    }
    JsonArray *a = json_node_get_array (n);
    for (guint i = 0; i < json_array_get_length (a); i++) {
      JsonNode *t = json_array_get_element (a, i);
      if (!JSON_NODE_HOLDS_VALUE (t) || json_node_get_value_type (t) != G_TYPE_INT64 ||
          json_node_get_int (t) < 0 || json_node_get_int (t) > 100000) {
        g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
                     "line %u: library size %u is not a card count", line, i);
        goto fail;
      }
      e->counts[i] = (int) json_node_get_int (t);
    }
  }
  return TRUE;

bad_flags:
  g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_FORMAT,
               "line %u: \"flags\" must be an array of known flag names", line);
fail:
  ts_event_clear (e);
  return FALSE;
}

gboolean
ts_event_from_json (const char *text, gssize len, guint line_no, TsEvent *out, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) local = NULL;
  if (len < 0)
    len = (gssize) strlen (text);
  if (!g_utf8_validate (text, len, NULL)) {
    ts_event_clear (out);
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_PARSE, "line %u: not valid UTF-8",
                 line_no);
    return FALSE;
  }
  if (!json_parser_load_from_data (parser, text, len, &local)) {
    ts_event_clear (out);
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_PARSE, "line %u: %s", line_no,
                 local->message);
    return FALSE;
  }
  return ts_event_from_json_node_line (json_parser_get_root (parser), line_no, out, error);
}

GPtrArray *
ts_event_parse_jsonl (const char *text, gsize len, GError **error)
{
  g_autoptr (GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_event_free);
  const char *p = text, *end = text + len;
  guint line = 0;
  while (p < end) {
    const char *nl = memchr (p, '\n', (size_t) (end - p));
    const char *stop = nl ? nl : end;
    line++;
    const char *s = p;
    while (s < stop && (*s == ' ' || *s == '\t' || *s == '\r'))
      s++;
    if (s < stop && *s != '#') {
      TsEvent *e = ts_event_new (TS_EVENT_NONE);
      if (!ts_event_from_json (s, stop - s, line, e, error)) {
        ts_event_free (e);
        return NULL;
      }
      g_ptr_array_add (events, e);
    }
    p = nl ? nl + 1 : end;
  }
  return g_steal_pointer (&events);
}

GPtrArray *
ts_event_read_jsonl (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize len = 0;
  g_autoptr (GError) local = NULL;
  if (!g_file_get_contents (path, &text, &len, &local)) {
    g_set_error (error, TS_EVENT_ERROR, TS_EVENT_ERROR_PARSE, "%s", local->message);
    return NULL;
  }
  GPtrArray *events = ts_event_parse_jsonl (text, len, &local);
  if (events == NULL)
    g_set_error (error, TS_EVENT_ERROR, local->code, "%s: %s", path, local->message);
  return events;
}
