/* capture-v4l2.h — finding V4L2 capture devices (frames themselves come through OpenCV). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Appends a TsCameraInfo for each /dev/video* node that can capture video (metadata nodes and
 * output-only devices are skipped). The folder searched is $TS_V4L2_DEV_DIR when set. */
void ts_v4l2_list_cameras (GPtrArray *cameras);

G_END_DECLS
