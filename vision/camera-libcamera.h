/* camera-libcamera.h — the C face of camera-libcamera.cpp, the one file that calls libcamera
 * (Raspberry Pi style cameras). Without libcamera at build time these report that it is absent. */
#pragma once

#include "capture.h"

G_BEGIN_DECLS

/* Appends a TsCameraInfo per libcamera camera to cameras. When libcamera is not built in or
 * cannot start, adds a line saying so to notes (when not NULL) and lists nothing. */
void ts_libcamera_list_cameras (GPtrArray *cameras, GPtrArray *notes);

/* Backend data for capture from camera id (opened by backend->open); NULL with an error when
 * libcamera capture is unavailable. */
gpointer ts_libcamera_source_new (const char *id, const TsCaptureBackend **out_backend,
                                  GError **error);

G_END_DECLS
