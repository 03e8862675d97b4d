/* camera-libcamera.cpp — the one file that calls libcamera (C++): lists cameras and captures
 * BGR frames from one, behind the C backend interface of capture.h. */
#include "camera-libcamera.h"

#ifdef TS_HAVE_LIBCAMERA

#include <libcamera/libcamera.h>
#include <libcamera/logging.h>

#include <sys/mman.h>

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace libcamera;

/* libcamera allows one CameraManager per process; each call that needs one makes it and drops
 * it before returning (listing) or when the source closes (capture). */
static std::unique_ptr<CameraManager>
start_manager (GError **error)
{
  logSetTarget (LoggingTargetNone);
  auto cm = std::make_unique<CameraManager> ();
  int rc = cm->start ();
  if (rc < 0) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
                 "libcamera could not start (%s)", g_strerror (-rc));
    return nullptr;
  }
  return cm;
}

void
ts_libcamera_list_cameras (GPtrArray *cameras, GPtrArray *notes)
{
  GError *error = NULL;
  auto cm = start_manager (&error);
  if (!cm) {
    if (notes)
      g_ptr_array_add (notes, g_strdup (error->message));
    g_error_free (error);
    return;
  }
  for (const auto &cam : cm->cameras ()) {
    TsCameraInfo *info = g_new0 (TsCameraInfo, 1);
    info->spec = g_strdup_printf ("libcamera:%s", cam->id ().c_str ());
    const ControlList &props = cam->properties ();
    std::string model = cam->id ();
    if (props.contains (properties::Model.id ()))
      model = props.get (properties::Model.id ()).get<std::string> ();
    info->name = g_strdup (model.c_str ());
    info->backend = g_strdup ("libcamera");
    g_ptr_array_add (cameras, info);
  }
  cm->stop ();
}

namespace {

struct Source {
  std::string id;
  std::unique_ptr<CameraManager> cm;
  std::shared_ptr<Camera> camera;
  std::unique_ptr<CameraConfiguration> config;
  std::unique_ptr<FrameBufferAllocator> allocator;
  std::vector<std::unique_ptr<Request>> requests;
  std::map<const FrameBuffer *, std::pair<void *, size_t>> maps;
  GAsyncQueue *done = nullptr;  /* completed Request*, filled from libcamera's thread */
  volatile gint removed = 0;
  bool started = false;

  void on_complete (Request *request)
  {
    if (request->status () == Request::RequestCancelled)
      return;
    g_async_queue_push (done, request);
  }

  void on_removed (std::shared_ptr<Camera> cam)
  {
    if (camera && cam == camera)
      g_atomic_int_set (&removed, 1);
  }
};

} // namespace

static void
source_close (gpointer data)
{
  Source *s = static_cast<Source *> (data);
  if (s->camera) {
    if (s->started)
      s->camera->stop ();
    s->started = false;
    s->camera->requestCompleted.disconnect (s, &Source::on_complete);
  }
  for (auto &m : s->maps)
    munmap (m.second.first, m.second.second);
  s->maps.clear ();
  s->requests.clear ();
  s->allocator.reset ();
  s->config.reset ();
  if (s->camera) {
    s->camera->release ();
    s->camera.reset ();
  }
  if (s->cm) {
    s->cm->cameraRemoved.disconnect (s, &Source::on_removed);
    s->cm->stop ();
    s->cm.reset ();
  }
  if (s->done) {
    while (g_async_queue_try_pop (s->done) != NULL)
      ;
  }
  g_atomic_int_set (&s->removed, 0);
}

static gboolean
source_open (gpointer data, GError **error)
{
  Source *s = static_cast<Source *> (data);
  s->cm = start_manager (error);
  if (!s->cm)
    return FALSE;
  s->camera = s->cm->get (s->id);
  if (!s->camera || s->camera->acquire () < 0) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
                 "libcamera:%s: no such camera, or it is busy", s->id.c_str ());
    s->camera.reset ();
    source_close (s);
    return FALSE;
  }
  s->cm->cameraRemoved.connect (s, &Source::on_removed);
  s->config = s->camera->generateConfiguration ({ StreamRole::Viewfinder });
  StreamConfiguration &sc = s->config->at (0);
  /* libcamera's RGB888 is B, G, R in memory: what OpenCV and TsImage call BGR. */
  sc.pixelFormat = formats::RGB888;
  if (s->config->validate () == CameraConfiguration::Invalid ||
      sc.pixelFormat != formats::RGB888 || s->camera->configure (s->config.get ()) < 0) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
                 "libcamera:%s: the camera cannot deliver 24-bit BGR frames", s->id.c_str ());
    source_close (s);
    return FALSE;
  }
  Stream *stream = sc.stream ();
  s->allocator = std::make_unique<FrameBufferAllocator> (s->camera);
  if (s->allocator->allocate (stream) < 0) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
                 "libcamera:%s: cannot allocate frame buffers", s->id.c_str ());
    source_close (s);
    return FALSE;
  }
  for (const auto &buffer : s->allocator->buffers (stream)) {
    std::unique_ptr<Request> request = s->camera->createRequest ();
    if (!request || request->addBuffer (stream, buffer.get ()) < 0)
      continue;
    const FrameBuffer::Plane &plane = buffer->planes ()[0];
    size_t length = plane.offset + plane.length;
    void *mem = mmap (NULL, length, PROT_READ, MAP_SHARED, plane.fd.get (), 0);
    if (mem == MAP_FAILED)
      continue;
    s->maps[buffer.get ()] = { mem, length };
    s->requests.push_back (std::move (request));
  }
  s->camera->requestCompleted.connect (s, &Source::on_complete);
  if (s->requests.empty () || s->camera->start () < 0) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
                 "libcamera:%s: cannot start capture", s->id.c_str ());
    source_close (s);
    return FALSE;
  }
  s->started = true;
  for (auto &request : s->requests)
    s->camera->queueRequest (request.get ());
  return TRUE;
}

static TsImage *
source_read (gpointer data, gint64 *out_time_us, GError **error)
{
  Source *s = static_cast<Source *> (data);
  /* Two seconds without a frame means the camera is gone even if nobody told us. */
  Request *request = static_cast<Request *> (g_async_queue_timeout_pop (s->done, 2000000));
  if (g_atomic_int_get (&s->removed) || request == NULL) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
                 "libcamera:%s: the camera stopped delivering frames", s->id.c_str ());
    return NULL;
  }
  const StreamConfiguration &sc = s->config->at (0);
  FrameBuffer *buffer = request->buffers ().begin ()->second;
  auto m = s->maps.find (buffer);
  TsImage *image = NULL;
  if (m != s->maps.end ()) {
    const FrameBuffer::Plane &plane = buffer->planes ()[0];
    const guint8 *src = static_cast<const guint8 *> (m->second.first) + plane.offset;
    image = ts_image_new ((int) sc.size.width, (int) sc.size.height, 3);
    for (int y = 0; y < image->height; y++)
      memcpy (image->data + (gsize) y * image->stride, src + (gsize) y * sc.stride,
              (gsize) image->width * 3);
    *out_time_us = (gint64) (buffer->metadata ().timestamp / 1000);
  }
  request->reuse (Request::ReuseBuffers);
  s->camera->queueRequest (request);
  if (image == NULL)
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DECODE,
                 "libcamera:%s: a frame arrived in an unmapped buffer", s->id.c_str ());
  return image;
}

static void
source_free (gpointer data)
{
  Source *s = static_cast<Source *> (data);
  source_close (s);
  g_async_queue_unref (s->done);
  delete s;
}

static const TsCaptureBackend libcamera_backend = {
  source_open,
  source_read,
  source_close,
  source_free,
};

gpointer
ts_libcamera_source_new (const char *id, const TsCaptureBackend **out_backend, GError **error)
{
  Source *s = new Source ();
  s->id = id;
  s->done = g_async_queue_new ();
  *out_backend = &libcamera_backend;
  return s;
}

#else /* !TS_HAVE_LIBCAMERA */

void
ts_libcamera_list_cameras (GPtrArray *cameras, GPtrArray *notes)
{
  if (notes)
    g_ptr_array_add (notes, g_strdup ("libcamera: not built in (configure with -Dlibcamera=enabled)"));
}

gpointer
ts_libcamera_source_new (const char *id, const TsCaptureBackend **out_backend, GError **error)
{
  g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
               "libcamera:%s: this tablesight was built without libcamera", id);
  return NULL;
}

#endif
