/* ts-camera-view.h — shows a camera frame (or a recorded one) with an outline, name, tapped
 * marker and damage badge over every tracked card. Fed by the tracker; knows no rules. */
#pragma once

#include <gtk/gtk.h>
#include "image.h"

G_BEGIN_DECLS

/* One card seen on the table. Coordinates are in the frame's pixels (x right, y down). */
typedef struct {
  double quad[8];      /* corners x0,y0 … x3,y3 in image pixels, in order around the card */
  const char *label;   /* card name; NULL or "" when not read; copied by set_overlays */
  int owner;           /* player index 0..5 selecting the outline colour; -1 = nobody yet */
  gboolean tapped;     /* rotated 90°: draws a tapped marker */
  int damage;          /* damage marked this turn; 0 draws no badge */
  gboolean unknown;    /* name not recognised: dashed outline, click to name it */
  gboolean library;    /* an unread card on a library pile (its back): labelled "library" */
  guint id;            /* the tracker's id, passed back by ::overlay-activated */
} TsCameraOverlay;

#define TS_TYPE_CAMERA_VIEW (ts_camera_view_get_type ())
G_DECLARE_FINAL_TYPE (TsCameraView, ts_camera_view, TS, CAMERA_VIEW, GtkWidget)

GtkWidget *ts_camera_view_new (void);

/* Shows a frame: 1 (grey), 3 (BGR) or 4 (BGRA) channels. The pixels are copied (shrunk first
 * to the view's size in device pixels when the frame is much larger, so a 1080p camera costs
 * what the view shows); the caller keeps image. NULL clears the view to its placeholder.
 * Overlays stay in the frame's own pixel coordinates. */
void ts_camera_view_set_frame (TsCameraView *self, const TsImage *image);

/* Replaces the overlays (copied). n may be 0. */
void ts_camera_view_set_overlays (TsCameraView *self, const TsCameraOverlay *overlays, guint n);

guint ts_camera_view_get_n_overlays (TsCameraView *self);
/* Overlay index as shown; its label belongs to the view (valid until the next set_overlays).
 * FALSE when index is out of range. */
gboolean ts_camera_view_get_overlay (TsCameraView *self, guint index, TsCameraOverlay *out);

/* Text shown when there is no frame ("No camera — choose one with Ctrl+K"). */
void ts_camera_view_set_placeholder (TsCameraView *self, const char *text);

/* The overlay under widget point (x, y) in widget pixels, or -1. */
int ts_camera_view_pick (TsCameraView *self, double x, double y);

/* The colour cards of player `owner` are outlined in (also used by the player panels). */
void ts_owner_color (int owner, GdkRGBA *out);

G_END_DECLS
