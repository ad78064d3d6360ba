/*
 * egl_device.c - asmgl as an EGLDeviceEXT: EGL_EXT_device_enumeration,
 * EGL_EXT_device_query (with EGL_EXT_device_query_name) and
 * EGL_EXT_platform_device (any thread; the device is a constant).
 *
 * A headless program picks asmgl without any environment variable:
 *
 *     eglQueryDevicesEXT(n, devs, &n);      // libEGL asks every vendor
 *     ... the device whose EGL_VENDOR (EGL_EXT_device_query_name) is "asmgl"
 *     dpy = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL);
 *
 * libEGL implements eglQueryDevicesEXT and eglQueryDisplayAttribEXT itself:
 * it calls every vendor's eglQueryDevicesEXT, remembers which vendor owns
 * each handle (setVendorForDevice), and sends eglGetPlatformDisplay of
 * that handle to its vendor only.  The per-device functions
 * (eglQueryDeviceStringEXT, eglQueryDeviceAttribEXT) come through our
 * dispatch stubs (egl_main.c).
 *
 * asmgl renders in software: the device has no DRM node, so it offers
 * EGL_MESA_device_software (no EGL_DRM_DEVICE_FILE_EXT), as Mesa's software
 * device does.  Its display renders to pbuffers and surfacelessly;
 * EGL_EXT_platform_device defines no native windows or pixmaps.
 */
#include "egl_priv.h"

/* The device: its address is the handle. */
static const struct ev_device {
    const char *extensions, *vendor, *renderer;
} the_device = {
    "EGL_EXT_device_query_name EGL_MESA_device_software",
    EV_VENDOR_STRING,
    "asmgl (software rasterizer)",
};

EGLDeviceEXT ev_device(void)
{
    return (EGLDeviceEXT)&the_device;
}

static bool device_valid(EGLDeviceEXT dev)
{
    return dev == (EGLDeviceEXT)&the_device;
}

/* EGL_EXT_device_enumeration: with devices NULL, num_devices is the count;
 * otherwise up to max_devices are stored.  A NULL num_devices, or a
 * non-positive max_devices with an array, is EGL_BAD_PARAMETER. */
EGLBoolean EGLAPIENTRY ev_eglQueryDevicesEXT(EGLint max_devices, EGLDeviceEXT *devices,
                                             EGLint *num_devices)
{
    if (!num_devices || (devices && max_devices <= 0))
        return ev_error(EGL_BAD_PARAMETER);
    if (devices)
        devices[0] = ev_device();
    *num_devices = 1;
    return ev_ok();
}

/* EGL_EXT_device_query section 3.2: EGL_EXTENSIONS; EGL_EXT_device_query_name
 * adds EGL_VENDOR and EGL_RENDERER_EXT.  Anything else is EGL_BAD_PARAMETER. */
const char *EGLAPIENTRY ev_eglQueryDeviceStringEXT(EGLDeviceEXT device, EGLint name)
{
    if (!device_valid(device)) {
        ev_error(EGL_BAD_DEVICE_EXT);
        return NULL;
    }
    const char *s;
    switch (name) {
    case EGL_EXTENSIONS: s = the_device.extensions; break;
    case EGL_VENDOR: s = the_device.vendor; break;
    case EGL_RENDERER_EXT: s = the_device.renderer; break;
    default:
        ev_error(EGL_BAD_PARAMETER);
        return NULL;
    }
    ev_ok();
    return s;
}

/* EGL_EXT_device_query section 3.2: no device attribute is defined by the
 * extensions the device offers (EGL_DRM_DEVICE_FILE_EXT belongs to
 * EGL_EXT_device_drm), so every attribute is EGL_BAD_ATTRIBUTE. */
EGLBoolean EGLAPIENTRY ev_eglQueryDeviceAttribEXT(EGLDeviceEXT device, EGLint attribute,
                                                  EGLAttrib *value)
{
    if (!device_valid(device))
        return ev_error(EGL_BAD_DEVICE_EXT);
    return ev_error(EGL_BAD_ATTRIBUTE);
}

/* EGL_EXT_device_query section 3.4: every display, however it was made,
 * belongs to the device.  The display must be initialized. */
EGLBoolean EGLAPIENTRY ev_eglQueryDisplayAttribEXT(EGLDisplay dpy, EGLint attribute,
                                                   EGLAttrib *value)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    pthread_mutex_unlock(&ev_lock);
    if (!d)
        return EGL_FALSE;
    if (!value)
        return ev_error(EGL_BAD_PARAMETER);
    if (attribute != EGL_DEVICE_EXT)
        return ev_error(EGL_BAD_ATTRIBUTE);
    *value = (EGLAttrib)ev_device();
    return ev_ok();
}

/* EGL_EXT_platform_device: native_display must be an EGLDeviceEXT (ours:
 * libEGL only sends a device to its own vendor) and no display attribute
 * is defined.  One display per device, so repeated calls give the same
 * handle (EGL 1.5 section 3.2). */
EGLDisplay ev_device_get_display(void *native, const EGLAttrib *attrib_list)
{
    if (!device_valid((EGLDeviceEXT)native)) {
        ev_error(EGL_BAD_PARAMETER);
        return EGL_NO_DISPLAY;
    }
    if (attrib_list && attrib_list[0] != EGL_NONE) {
        ev_error(EGL_BAD_ATTRIBUTE);
        return EGL_NO_DISPLAY;
    }
    ev_ok();
    return (EGLDisplay)ev_display_device();
}
