/* ts-source-dialog.c — a list of capture specs; "Open Recording…" adds any folder. */
#include "ts-source-dialog.h"

struct _TsSourceDialog {
  GtkWindow parent_instance;

  GtkListBox *list;
  GPtrArray *specs; /* char*, one per row */
};

G_DEFINE_FINAL_TYPE (TsSourceDialog, ts_source_dialog, GTK_TYPE_WINDOW)

enum { SIGNAL_SOURCE_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

void
ts_source_dialog_choose (TsSourceDialog *self, guint index)
{
  g_return_if_fail (TS_IS_SOURCE_DIALOG (self));
  g_return_if_fail (index < self->specs->len);
  g_autofree char *spec = g_strdup (g_ptr_array_index (self->specs, index));
  g_signal_emit (self, signals[SIGNAL_SOURCE_CHOSEN], 0, spec);
  gtk_window_close (GTK_WINDOW (self));
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, gpointer user_data)
{
  ts_source_dialog_choose (TS_SOURCE_DIALOG (user_data), gtk_list_box_row_get_index (row));
}

static void
on_folder_response (GtkNativeDialog *native, int response, gpointer user_data)
{
  TsSourceDialog *self = TS_SOURCE_DIALOG (user_data);
  if (response == GTK_RESPONSE_ACCEPT) {
    g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
    g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
    if (path != NULL) {
      g_autofree char *spec = g_strdup_printf ("dir:%s", path);
      g_autofree char *name = g_path_get_basename (path);
      ts_source_dialog_add (self, spec, name, "recording");
      ts_source_dialog_choose (self, self->specs->len - 1);
    }
  }
  g_object_unref (native);
}

static void
on_open_clicked (GtkButton *button, gpointer user_data)
{
  TsSourceDialog *self = TS_SOURCE_DIALOG (user_data);
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new ("Open a Recorded Session", GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, "_Open", "_Cancel");
  g_signal_connect (native, "response", G_CALLBACK (on_folder_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
ts_source_dialog_add (TsSourceDialog *self, const char *spec, const char *name,
                      const char *kind)
{
  g_return_if_fail (TS_IS_SOURCE_DIALOG (self));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *icon = gtk_image_new_from_icon_name (g_strcmp0 (kind, "camera") == 0
                                                  ? "camera-web-symbolic"
                                                  : "folder-videos-symbolic");
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (name);
  GtkWidget *subtitle = gtk_label_new (spec);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (text), title);
  gtk_box_append (GTK_BOX (text), subtitle);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), text);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  gtk_list_box_append (self->list, box);
  g_ptr_array_add (self->specs, g_strdup (spec));
}

guint
ts_source_dialog_get_n_sources (TsSourceDialog *self)
{
  g_return_val_if_fail (TS_IS_SOURCE_DIALOG (self), 0);
  return self->specs->len;
}

const char *
ts_source_dialog_get_spec (TsSourceDialog *self, guint index)
{
  g_return_val_if_fail (TS_IS_SOURCE_DIALOG (self), NULL);
  g_return_val_if_fail (index < self->specs->len, NULL);
  return g_ptr_array_index (self->specs, index);
}

static void
ts_source_dialog_dispose (GObject *object)
{
  TsSourceDialog *self = TS_SOURCE_DIALOG (object);
  g_clear_pointer (&self->specs, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_SOURCE_DIALOG);
  G_OBJECT_CLASS (ts_source_dialog_parent_class)->dispose (object);
}

static void
ts_source_dialog_class_init (TsSourceDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ts_source_dialog_dispose;
  /* ::source-chosen (spec) */
  signals[SIGNAL_SOURCE_CHOSEN] =
    g_signal_new ("source-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/tablesight/Tablesight/ts-source-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsSourceDialog, list);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_open_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ts_source_dialog_init (TsSourceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->specs = g_ptr_array_new_with_free_func (g_free);
}

TsSourceDialog *
ts_source_dialog_new (GtkWindow *parent)
{
  return g_object_new (TS_TYPE_SOURCE_DIALOG, "transient-for", parent, NULL);
}
