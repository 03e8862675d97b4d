/* bench-engine.c — engine figures: events applied per second, the replay time of a
 * 10,000-event game (from memory and from a game store), committed appends per second, undo
 * cost, and memory per game. Prints them; asserts nothing about speed. */
#include "engine.h"
#include "gen-game.h"

#include <glib/gstdio.h>
#include <malloc.h>
#include <stdio.h>
#include <time.h>

#define GAME_EVENTS 10000

static GPtrArray *
make_game (void)
{
  GPtrArray *events = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_event_free);
  for (guint i = 0; i < GAME_EVENTS; i++) {
    TsEvent *e = ts_event_new (TS_EVENT_NONE);
    gen_game_event (i, e);
    g_ptr_array_add (events, e);
  }
  return events;
}

/* CPU time of this process: the machine is shared, so wall time says more about the load. */
static double
cpu_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

static double
replay_seconds (GPtrArray *events, const TsCardDb *db)
{
  double t0 = cpu_seconds ();
  TsEngine *engine = ts_engine_new (NULL, db);
  for (guint i = 0; i < events->len; i++)
    ts_engine_apply (engine, events->pdata[i], NULL, NULL);
  double t1 = cpu_seconds ();
  ts_engine_free (engine);
  return t1 - t0;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

int
main (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCardDb) db = ts_carddb_open_default (&error);
  if (db == NULL) {
    fprintf (stderr, "%s\n", error->message);
    return 1;
  }
  g_autoptr (GPtrArray) events = make_game ();

  double runs[5];
  for (int r = 0; r < 5; r++)
    runs[r] = replay_seconds (events, db);
  qsort (runs, 5, sizeof runs[0], compare_double);
  printf ("replay of a %d-event game: %.1f ms CPU (median of 5)\n", GAME_EVENTS, runs[2] * 1e3);
  printf ("events applied per second: %.0f\n", GAME_EVENTS / runs[2]);

  /* memory: heap in use with one engine holding the whole game */
  struct mallinfo2 m0 = mallinfo2 ();
  TsEngine *engine = ts_engine_new (NULL, db);
  for (guint i = 0; i < events->len; i++)
    ts_engine_apply (engine, events->pdata[i], NULL, NULL);
  struct mallinfo2 m1 = mallinfo2 ();
  printf ("memory per game (%d events, log + snapshots + state): %.1f KiB\n", GAME_EVENTS,
          (double) (m1.uordblks - m0.uordblks) / 1024.0);
  const TsState *s = ts_engine_get_state (engine);
  printf ("final state: turn %d, %u permanents, %u warnings\n", s->turn, s->permanents->len,
          s->warnings->len);

  double c0 = cpu_seconds ();
  ts_engine_undo (engine, 1, NULL);
  double c1 = cpu_seconds ();
  ts_engine_undo (engine, 5000, NULL);
  double c2 = cpu_seconds ();
  printf ("undo 1 event at the end: %.2f ms CPU; undo 5000 more: %.2f ms CPU\n",
          (c1 - c0) * 1e3, (c2 - c1) * 1e3);
  gint64 t0, t1;
  ts_engine_free (engine);

  /* the store */
  g_autofree char *dir = g_dir_make_tmp ("ts-bench-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.db", NULL);
  TsStore *store = ts_store_open (path, &error);
  if (store == NULL) {
    fprintf (stderr, "%s\n", error->message);
    return 1;
  }
  const guint committed = 200;
  t0 = g_get_monotonic_time ();
  for (guint i = 0; i < committed; i++)
    ts_store_append (store, events->pdata[i], NULL, NULL);
  t1 = g_get_monotonic_time ();
  printf ("committed appends per second (one transaction and sync each): %.0f\n",
          committed / ((t1 - t0) / 1e6));
  ts_store_append_batch (store, (TsEvent *const *) events->pdata + committed,
                         events->len - committed, NULL);
  ts_store_free (store);
  t0 = g_get_monotonic_time ();
  store = ts_store_open_readonly (path, &error);
  engine = ts_engine_new (NULL, db);
  ts_engine_load_store (engine, store, &error);
  t1 = g_get_monotonic_time ();
  printf ("resume a %d-event game from its store (read + replay): %.1f ms\n", GAME_EVENTS,
          (t1 - t0) / 1e3);
  ts_engine_free (engine);
  ts_store_free (store);
  GStatBuf st;
  if (g_stat (path, &st) == 0)
    printf ("store size: %.1f KiB for %d events\n", st.st_size / 1024.0, GAME_EVENTS);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_unlink (wal);
  g_unlink (shm);
  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
