/* ts-card-search.h — a small window to name a card the camera could not read: a search box
 * over the card database (fuzzy, through the card matcher) and a list of candidates. */
#pragma once

#include <gtk/gtk.h>
#include "cards.h"

G_BEGIN_DECLS

#define TS_TYPE_CARD_SEARCH (ts_card_search_get_type ())
G_DECLARE_FINAL_TYPE (TsCardSearch, ts_card_search, TS, CARD_SEARCH, GtkWindow)

/* matcher is borrowed and must outlive the window; NULL shows "no card database".
 * guess: the text read so far (pre-fills the search). Emits ::card-chosen (const char *name)
 * and closes when a candidate is picked. */
TsCardSearch *ts_card_search_new (GtkWindow *parent, const TsMatcher *matcher,
                                  const char *guess);
void ts_card_search_set_query (TsCardSearch *self, const char *text);
guint ts_card_search_get_n_results (TsCardSearch *self);
/* Picks candidate `index` as a click would. */
void ts_card_search_choose (TsCardSearch *self, guint index);

G_END_DECLS
