/* ocr-noise.c — OCR-style corruption of card names, shared by the matcher tests and benchmark. */
#include "ocr-noise.h"

#include <string.h>

/* glyph (or pair) -> what OCR reads instead */
static const char *const confusions[][2] = {
  { "rn", "m" }, { "m", "rn" }, { "cl", "d" }, { "d", "cl" }, { "w", "vv" }, { "h", "li" },
  { "l", "I" }, { "l", "1" }, { "l", "|" }, { "I", "l" }, { "i", "l" }, { "i", "1" },
  { "o", "0" }, { "O", "0" }, { "e", "c" }, { "c", "e" }, { "s", "5" }, { "S", "5" },
  { "B", "8" }, { "g", "9" }, { "u", "v" }, { "n", "h" }, { "a", "o" }, { "t", "f" },
  { "f", "t" }, { "u", "ii" }, { "G", "6" }, { "Z", "2" },
};

static gboolean
confuse (GString *s, GRand *rand)
{
  /* try a few random confusions until one applies */
  for (int attempt = 0; attempt < 20; attempt++) {
    guint c = (guint) g_rand_int_range (rand, 0, G_N_ELEMENTS (confusions));
    const char *from = confusions[c][0], *to = confusions[c][1];
    GPtrArray *hits = g_ptr_array_new ();
    for (const char *p = strstr (s->str, from); p != NULL; p = strstr (p + 1, from))
      g_ptr_array_add (hits, (gpointer) p);
    if (hits->len > 0) {
      gsize at = (gsize) ((const char *) g_ptr_array_index (hits, g_rand_int_range (rand, 0, (gint32) hits->len)) - s->str);
      g_string_erase (s, (gssize) at, (gssize) strlen (from));
      g_string_insert (s, (gssize) at, to);
      g_ptr_array_unref (hits);
      return TRUE;
    }
    g_ptr_array_unref (hits);
  }
  return FALSE;
}

/* a random byte position at the start of an ASCII character, or -1 */
static gssize
ascii_position (GString *s, GRand *rand)
{
  for (int attempt = 0; attempt < 20 && s->len > 0; attempt++) {
    gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) s->len);
    if ((guchar) s->str[at] < 0x80)
      return (gssize) at;
  }
  return -1;
}

char *
ts_ocr_corrupt (const char *name, guint n_edits, GRand *rand)
{
  GString *s = g_string_new (name);
  static const char letters[] = "abcdefghijklmnopqrstuvwxyz.,'";
  for (guint k = 0; k < n_edits; k++) {
    int kind = g_rand_int_range (rand, 0, 100);
    gssize at;
    if (kind < 40) {
      if (confuse (s, rand))
        continue;
      kind = 40;
    }
    if (kind < 52) { /* a letter lost */
      if ((at = ascii_position (s, rand)) >= 0 && s->len > 1)
        g_string_erase (s, at, 1);
    } else if (kind < 64) { /* a letter or speck gained */
      at = ascii_position (s, rand);
      g_string_insert_c (s, at >= 0 ? at : 0, letters[g_rand_int_range (rand, 0, sizeof letters - 1)]);
    } else if (kind < 76) { /* a wrong letter */
      if ((at = ascii_position (s, rand)) >= 0)
        s->str[at] = letters[g_rand_int_range (rand, 0, 26)];
    } else if (kind < 84) { /* wrong case */
      if ((at = ascii_position (s, rand)) >= 0)
        s->str[at] = g_ascii_isupper (s->str[at]) ? g_ascii_tolower (s->str[at])
                                                  : g_ascii_toupper (s->str[at]);
    } else if (kind < 92) { /* the end of the title cut off by the art's edge or a hand */
      glong chars = g_utf8_strlen (s->str, -1);
      if (chars > 8) {
        glong cut = g_rand_int_range (rand, 1, (gint32) MIN (5, chars - 6));
        const char *end = g_utf8_offset_to_pointer (s->str, chars - cut);
        g_string_truncate (s, (gsize) (end - s->str));
      }
    } else { /* words merged or split; apostrophes, commas and accents lost */
      char *space = strchr (s->str, ' ');
      if (space != NULL && g_rand_boolean (rand)) {
        g_string_erase (s, space - s->str, 1);
      } else {
        char *stripped = g_str_to_ascii (s->str, "C");
        GString *t = g_string_new (NULL);
        for (const char *p = stripped; *p != '\0'; p++)
          if (*p != '\'' && *p != ',' && *p != '?')
            g_string_append_c (t, *p);
        if (strcmp (t->str, s->str) == 0 && (at = ascii_position (t, rand)) >= 0)
          g_string_insert_c (t, at, ' ');
        g_free (stripped);
        g_string_free (s, TRUE);
        s = t;
      }
    }
  }
  return g_string_free (s, FALSE);
}
