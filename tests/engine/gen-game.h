/* gen-game.h — a long, deterministic, legal-looking classic game for the crash test, the
 * benchmark and the fuzz corpus: event i is always the same event. */
#pragma once

#include "event.h"

#define GEN_EVENTS_PER_TURN 12

static inline void
gen_game_event (guint i, TsEvent *e)
{
  ts_event_clear (e);
  e->source = TS_SOURCE_CAMERA;
  e->time_us = 1700000000000000 + (gint64) i * 250000;
  if (i == 0) {
    e->kind = TS_EVENT_GAME_START;
    e->source = TS_SOURCE_PERSON;
    e->profile = g_strdup ("classic");
    e->n_players = 2;
    e->names[0] = g_strdup ("Alice");
    e->names[1] = g_strdup ("Bob");
    return;
  }
  guint t = (i - 1) / GEN_EVENTS_PER_TURN, j = (i - 1) % GEN_EVENTS_PER_TURN;
  int p = (int) (t % 2);
  guint base = 1000 + t * 10;
  switch (j) {
  case 0:
    e->kind = TS_EVENT_STEP;
    e->step = g_strdup ("main");
    break;
  case 1:
    e->kind = TS_EVENT_MOVE;
    e->player = p;
    e->card = g_strdup ("Mountain");
    e->object = base + 1;
    e->from_zone = TS_ZONE_HAND;
    e->zone = TS_ZONE_BATTLEFIELD;
    break;
  case 2:
    e->kind = TS_EVENT_TAP;
    e->object = base + 1;
    break;
  case 3:
    e->kind = TS_EVENT_MOVE;
    e->player = p;
    e->card = g_strdup ("Mons's Goblin Raiders");
    e->object = base + 2;
    e->from_zone = TS_ZONE_HAND;
    e->zone = TS_ZONE_BATTLEFIELD;
    break;
  case 4:
    e->kind = TS_EVENT_LIFE;
    e->player = 1 - p;
    e->amount = (t % 4) < 2 ? -1 : 1;
    break;
  case 5:
    e->kind = TS_EVENT_NOTE;
    e->source = TS_SOURCE_PERSON;
    e->note = g_strdup_printf ("turn %u", t + 1);
    break;
  case 6:
    e->kind = TS_EVENT_MANA_ADD;
    e->player = p;
    e->mana[TS_MANA_G] = 1;
    break;
  case 7:
    e->kind = TS_EVENT_CAST;
    e->player = p;
    e->card = g_strdup ("Giant Growth");
    e->targets[0] = base + 2;
    e->n_targets = 1;
    break;
  case 8:
    e->kind = TS_EVENT_RESOLVE;
    e->source = TS_SOURCE_PERSON;
    break;
  case 9:
    e->kind = TS_EVENT_MOVE;
    e->player = p;
    e->object = base + 2;
    e->from_zone = TS_ZONE_BATTLEFIELD;
    e->zone = TS_ZONE_GRAVEYARD;
    break;
  case 10:
    e->kind = TS_EVENT_MOVE;
    e->player = p;
    e->object = base + 1;
    e->from_zone = TS_ZONE_BATTLEFIELD;
    e->zone = TS_ZONE_GRAVEYARD;
    break;
  default:
    e->kind = TS_EVENT_TURN;
    e->source = TS_SOURCE_PERSON;
    break;
  }
}
