/* bench-synth.c — how fast the generator makes scenes and session frames, and what they hold:
 * milliseconds per 1920x1080 scene by preset, JPEG size, cards per scene, and how many titles
 * are readable (ts_synth_card_readable(): at least 18 px tall, the name's letters in view). */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "synth.h"

static void
bench_preset (const TsSynthDeck *deck, TsSynthPreset preset, int n)
{
  TsSynthParams p;
  ts_synth_params_init (&p, preset, 1920, 1080);
  gint64 t0 = g_get_monotonic_time ();
  gsize bytes = 0;
  guint cards = 0, readable = 0, tapped = 0;
  for (int i = 0; i < n; i++) {
    g_autoptr (GError) error = NULL;
    g_autoptr (TsSynthScene) s = ts_synth_scene_render (&p, deck, (guint32) (1000 + i), &error);
    if (s == NULL) {
      fprintf (stderr, "render failed: %s\n", error->message);
      return;
    }
    bytes += g_bytes_get_size (s->jpeg);
    for (guint k = 0; k < s->cards->len; k++) {
      const TsSynthCard *c = &g_array_index (s->cards, TsSynthCard, k);
      cards++;
      readable += ts_synth_card_readable (c);
      tapped += c->tapped;
    }
  }
  double ms = (g_get_monotonic_time () - t0) / 1000.0 / n;
  printf ("%-8s 1920x1080: %7.1f ms/scene  %6.1f KB/jpeg  %5.2f cards/scene  "
          "%3.0f%% readable titles  %3.0f%% tapped\n",
          ts_synth_preset_to_string (preset), ms, bytes / 1024.0 / n, (double) cards / n,
          cards ? 100.0 * readable / cards : 0, cards ? 100.0 * tapped / cards : 0);
}

static void
bench_session (const TsSynthDeck *deck, int n_frames)
{
  g_autofree char *script = g_strdup_printf (
    "size 1920x1080\nframes %d\ntitle 24\n"
    "at 0 place 1 \"Mountain\" 1 0.3 0.72\nat 0 place 2 \"Forest\" 2 0.6 0.28\n"
    "at 2 tap 1\nat 4 enter 3 \"Shivan Dragon\" 1 0.5 0.72\nat 6 hand 0.6 1.3 0.6 0.6 10\n",
    n_frames);
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthSession) s = ts_synth_session_new_from_script (script, "bench", &error);
  if (s == NULL) {
    fprintf (stderr, "session: %s\n", error->message);
    return;
  }
  gint64 t0 = g_get_monotonic_time ();
  for (int f = 0; f < n_frames; f++) {
    g_autoptr (TsSynthScene) sc = ts_synth_session_render_frame (s, deck, f, &error);
    if (sc == NULL)
      return;
  }
  printf ("session  1920x1080: %7.1f ms/frame over %d frames\n",
          (g_get_monotonic_time () - t0) / 1000.0 / n_frames, n_frames);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 10;
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_builtin ();
  const TsSynthPreset presets[] = { TS_SYNTH_PRESET_EASY, TS_SYNTH_PRESET_NORMAL,
                                    TS_SYNTH_PRESET_HARD, TS_SYNTH_PRESET_CLUTTER };
  for (gsize i = 0; i < G_N_ELEMENTS (presets); i++)
    bench_preset (deck, presets[i], MAX (n, 1));
  bench_session (deck, 20);
  return 0;
}
