/* carddb.c — opening and querying the card database. */
#include "cards.h"

G_DEFINE_QUARK (ts-cards-error-quark, ts_cards_error)
