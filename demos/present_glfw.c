/*
 * present_glfw.c - present.h over GLFW and the host GL, loaded by libepoxy.
 *
 * The only demo file that includes <epoxy/gl.h>; its gl* names are macros for
 * epoxy's pointers into the host libGL (see present.h for why).  API thread.
 */
#include "present.h"

#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <stdio.h>
#include <stdlib.h>

struct present_window {
    GLFWwindow *window;
    GLuint texture;
    int tex_width, tex_height; /* size of the texture's storage */
    char title[200];
    double fps_since;          /* glfwGetTime() when fps_frames was reset */
    int fps_frames;
};

static void on_error(int code, const char *msg) { fprintf(stderr, "present: GLFW error %d: %s\n", code, msg); }

static void on_key(GLFWwindow *window, int key, int scancode, int action, int mods)
{
    if (action == GLFW_PRESS && (key == GLFW_KEY_ESCAPE || key == GLFW_KEY_Q))
        glfwSetWindowShouldClose(window, GLFW_TRUE);
}

present_window *present_open(int width, int height, const char *title)
{
    glfwSetErrorCallback(on_error);
    if (!glfwInit()) {
        fprintf(stderr, "present: cannot initialise GLFW (no display? try --headless)\n");
        return NULL;
    }
    present_window *w = calloc(1, sizeof *w);
    if (!w) {
        glfwTerminate();
        return NULL;
    }
    snprintf(w->title, sizeof w->title, "%s", title);
    /* a legacy context: glBegin and fixed-function texturing are all we need */
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 2);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 1);
    w->window = glfwCreateWindow(width, height, title, NULL, NULL);
    if (!w->window) {
        fprintf(stderr, "present: cannot create a %dx%d window\n", width, height);
        free(w);
        glfwTerminate();
        return NULL;
    }
    glfwSetKeyCallback(w->window, on_key);
    glfwMakeContextCurrent(w->window);
    glfwSwapInterval(0); /* the software renderer sets the pace */
    glGenTextures(1, &w->texture);
    glBindTexture(GL_TEXTURE_2D, w->texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glfwMakeContextCurrent(NULL);
    w->fps_since = glfwGetTime();
    return w;
}

void present_framebuffer_size(present_window *w, int *width, int *height)
{
    glfwGetFramebufferSize(w->window, width, height);
}

int present_frame(present_window *w, const unsigned char *rgba, int width, int height)
{
    int fb_width, fb_height;
    glfwMakeContextCurrent(w->window);
    glfwGetFramebufferSize(w->window, &fb_width, &fb_height);

    glBindTexture(GL_TEXTURE_2D, w->texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    if (width != w->tex_width || height != w->tex_height) {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
        w->tex_width = width;
        w->tex_height = height;
    } else {
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    }

    /* the pixels' row 0 is the bottom row, as is t = 0: no flip needed */
    glViewport(0, 0, fb_width, fb_height);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glBegin(GL_TRIANGLE_STRIP);
    glTexCoord2f(0.0f, 0.0f);
    glVertex2f(-1.0f, -1.0f);
    glTexCoord2f(1.0f, 0.0f);
    glVertex2f(1.0f, -1.0f);
    glTexCoord2f(0.0f, 1.0f);
    glVertex2f(-1.0f, 1.0f);
    glTexCoord2f(1.0f, 1.0f);
    glVertex2f(1.0f, 1.0f);
    glEnd();
    glfwSwapBuffers(w->window);
    glfwMakeContextCurrent(NULL);

    /* frame rate in the title, once a second */
    w->fps_frames++;
    double now = glfwGetTime();
    if (now - w->fps_since >= 1.0) {
        char title[260];
        snprintf(title, sizeof title, "%s - %dx%d - %.1f fps", w->title, width, height,
                 w->fps_frames / (now - w->fps_since));
        glfwSetWindowTitle(w->window, title);
        w->fps_since = now;
        w->fps_frames = 0;
    }

    glfwPollEvents();
    return !glfwWindowShouldClose(w->window);
}

void present_close(present_window *w)
{
    if (!w)
        return;
    glfwMakeContextCurrent(w->window);
    glDeleteTextures(1, &w->texture);
    glfwMakeContextCurrent(NULL);
    glfwDestroyWindow(w->window);
    glfwTerminate();
    free(w);
}
