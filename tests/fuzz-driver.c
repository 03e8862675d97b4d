/* fuzz-driver.c — runs a libFuzzer-style target (LLVMFuzzerTestOneInput) without libFuzzer:
 * feeds every file of the corpus folders given on the command line, then a fixed number of
 * deterministic mutations of each (byte flips, truncations, insertions). Used where the
 * compiler has no -fsanitize=fuzzer, so the targets still run in every build of the suite. */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define MUTATIONS_PER_INPUT 200

static void
run_mutations (const guint8 *data, gsize size, GRand *rand)
{
  g_autofree guint8 *buf = g_malloc (size + 16);
  for (int i = 0; i < MUTATIONS_PER_INPUT; i++) {
    gsize n = size;
    memcpy (buf, data, size);
    switch (g_rand_int_range (rand, 0, 4)) {
    case 0: /* flip a byte */
      if (n > 0)
        buf[g_rand_int_range (rand, 0, (gint32) n)] ^= (guint8) g_rand_int_range (rand, 1, 256);
      break;
    case 1: /* truncate */
      n = n > 0 ? (gsize) g_rand_int_range (rand, 0, (gint32) n) : 0;
      break;
    case 2: { /* insert a few bytes */
      gsize at = n > 0 ? (gsize) g_rand_int_range (rand, 0, (gint32) n) : 0;
      gsize k = (gsize) g_rand_int_range (rand, 1, 16);
      memmove (buf + at + k, buf + at, n - at);
      for (gsize j = 0; j < k; j++)
        buf[at + j] = (guint8) "{}[]\",:0\\\n\xff\xc3 ae"[g_rand_int_range (rand, 0, 15)];
      n += k;
      break;
    }
    default: /* duplicate a byte run over another */
      if (n > 4) {
        gsize a = (gsize) g_rand_int_range (rand, 0, (gint32) n - 2);
        gsize b = (gsize) g_rand_int_range (rand, 0, (gint32) n - 2);
        gsize k = MIN (MIN (n - a, n - b), 8);
        memmove (buf + b, buf + a, k);
      }
      break;
    }
    LLVMFuzzerTestOneInput (buf, n);
  }
}

int
main (int argc, char **argv)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261122);
  guint n_inputs = 0;

  for (int i = 1; i < argc; i++) {
    g_autoptr (GError) error = NULL;
    g_autoptr (GDir) dir = g_dir_open (argv[i], 0, &error);
    if (dir == NULL) {
      fprintf (stderr, "fuzz-driver: %s\n", error->message);
      return 1;
    }
    const char *name;
    while ((name = g_dir_read_name (dir)) != NULL) {
      g_autofree char *path = g_build_filename (argv[i], name, NULL);
      g_autofree char *contents = NULL;
      gsize len = 0;
      if (!g_file_get_contents (path, &contents, &len, NULL))
        continue;
      LLVMFuzzerTestOneInput ((const uint8_t *) contents, len);
      run_mutations ((const guint8 *) contents, len, rand);
      n_inputs++;
    }
  }
  if (n_inputs == 0) {
    fprintf (stderr, "fuzz-driver: no corpus inputs found\n");
    return 1;
  }
  printf ("fuzz-driver: %u inputs, %u runs, no crash\n", n_inputs,
          n_inputs * (MUTATIONS_PER_INPUT + 1));
  return 0;
}
