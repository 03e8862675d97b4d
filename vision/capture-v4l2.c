/* capture-v4l2.c — lists V4L2 video capture devices by asking each /dev/video* node what it is. */
#include "capture-v4l2.h"
#include "capture.h"

#include <fcntl.h>
#include <linux/videodev2.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static int
compare_names (gconstpointer a, gconstpointer b)
{
  const char *x = *(const char *const *) a, *y = *(const char *const *) b;
  if (strlen (x) != strlen (y))
    return strlen (x) < strlen (y) ? -1 : 1;
  return strcmp (x, y);
}

void
ts_v4l2_list_cameras (GPtrArray *cameras)
{
  const char *dev_dir = g_getenv ("TS_V4L2_DEV_DIR");
  if (dev_dir == NULL)
    dev_dir = "/dev";
  g_autoptr (GDir) dir = g_dir_open (dev_dir, 0, NULL);
  if (dir == NULL)
    return;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "video"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++) {
    g_autofree char *path = g_build_filename (dev_dir, names->pdata[i], NULL);
    int fd = open (path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
      continue;
    struct v4l2_capability cap;
    memset (&cap, 0, sizeof cap);
    int rc = ioctl (fd, VIDIOC_QUERYCAP, &cap);
    close (fd);
    if (rc < 0)
      continue;
    guint32 caps = (cap.capabilities & V4L2_CAP_DEVICE_CAPS) ? cap.device_caps : cap.capabilities;
    if (!(caps & (V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_VIDEO_CAPTURE_MPLANE)))
      continue;
    TsCameraInfo *info = g_new0 (TsCameraInfo, 1);
    info->spec = g_strdup_printf ("v4l2:%s", path);
    info->name = g_strndup ((const char *) cap.card, sizeof cap.card);
    info->backend = g_strdup ("v4l2");
    g_ptr_array_add (cameras, info);
  }
}
