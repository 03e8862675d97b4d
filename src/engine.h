/* engine.h — the rules engine: applies events to a game state under a rules profile and says
 * for each event whether it was fine or what rule it broke. It never refuses an event: what
 * happened at the table is recorded and flagged for the judge.
 *
 * Same events -> same state. The engine keeps the whole log (including undo/redo events), so
 * any number of events can be undone and the state at any point can be rebuilt.
 *
 * Ownership: TsEngine is opaque; free with ts_engine_free(). Events are copied in. The state
 * from ts_engine_get_state() belongs to the engine and is valid until the next call that
 * changes the engine. A TsCardDb passed in must outlive the engine; a TsStore attached is
 * borrowed too. Errors: GError (only from an attached store); nothing is printed.
 */
#pragma once

#include "event.h"
#include "profile.h"
#include "state.h"
#include "store.h"
#include "cards.h"

#include <glib.h>

G_BEGIN_DECLS

typedef struct TsEngine TsEngine;

/* What the engine made of one event. The warnings are state->warnings[first_warning ..
 * first_warning + n_warnings), valid until the engine next changes. */
typedef struct {
  guint event_index;       /* position of the event in the log, 0-based */
  guint object;            /* the object id the event concerned (a new id when one was given) */
  guint first_warning;
  guint n_warnings;        /* 0: accepted without remark */
  guint first_inferred;    /* what the event implied: state->inferred[first_inferred .. */
  guint n_inferred;        /* .. + n_inferred) (a turn passed, a step gone on to) */
} TsVerdict;

/* Called after every change (apply, undo, redo, load) with the new state. */
typedef void (*TsEngineChangedFunc) (TsEngine *engine, const TsState *state, gpointer user_data);

/* profile NULL: the one the game_start event names (classic when it names none).
 * cards may be NULL (only define_card facts and the built-in basics are then known). */
TsEngine *ts_engine_new (const TsProfile *profile, const TsCardDb *cards);
void ts_engine_free (TsEngine *engine);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsEngine, ts_engine_free)

/* Appends every applied event to store before applying it (NULL detaches). */
void ts_engine_attach_store (TsEngine *engine, TsStore *store);
/* Replays every event of store (resuming a game) and then attaches it. */
gboolean ts_engine_load_store (TsEngine *engine, TsStore *store, GError **error);

void ts_engine_set_changed_func (TsEngine *engine, TsEngineChangedFunc func, gpointer user_data,
                                 GDestroyNotify destroy);

/* Applies one event (undo/redo events included). out may be NULL. FALSE only when an attached
 * store could not record it (then nothing changes). */
gboolean ts_engine_apply (TsEngine *engine, const TsEvent *event, TsVerdict *out,
                          GError **error);
/* Convenience: applies an undo / redo event of n events, source person. */
gboolean ts_engine_undo (TsEngine *engine, guint n, GError **error);
gboolean ts_engine_redo (TsEngine *engine, guint n, GError **error);
gboolean ts_engine_can_undo (const TsEngine *engine);
gboolean ts_engine_can_redo (const TsEngine *engine);

const TsState *ts_engine_get_state (const TsEngine *engine);
const TsProfile *ts_engine_get_profile (const TsEngine *engine);

/* The log: every event applied, in order (undo/redo events included). */
guint ts_engine_n_events (const TsEngine *engine);
const TsEvent *ts_engine_get_event (const TsEngine *engine, guint index);
/* TRUE when the event at index is currently in effect (not undone, not an undo/redo). */
gboolean ts_engine_event_effective (const TsEngine *engine, guint index);

/* The state just after the first n_log events of the log (0: before any). Free with
 * ts_state_free(). */
TsState *ts_engine_state_at (TsEngine *engine, guint n_log);

/* TRUE when event, applied now, would be taken as part of the table as found (a setup event,
 * docs/events.md): no cast, no land played, not summoning sick, no mana. */
gboolean ts_engine_event_is_setup (const TsEngine *engine, const TsEvent *event);

/* A transcript line for the event at index, as `tablesight log show` prints it:
 * "Turn 3, Alice: main phase — cast Hill Giant ({3}{R}), tapping Mountain ×4". Uses the
 * state before the event. Free with g_free(). */
char *ts_engine_describe_event (TsEngine *engine, guint index);
/* A setup move to the battlefield reads "Table as found: Alice has Mountain (tapped)".
 * The same for an event about to be applied, against the engine's current state. tapping (may
 * be NULL) is appended as ", tapping <tapping>". Free with g_free(). */
char *ts_engine_describe (TsEngine *engine, const TsEvent *event, const char *tapping);

G_END_DECLS
