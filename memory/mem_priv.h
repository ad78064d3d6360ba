/*
 * mem_priv.h - internals shared by the files of memory/ (no other folder
 * includes this).
 */
#ifndef MEMORY_MEM_PRIV_H
#define MEMORY_MEM_PRIV_H

#include "mem.h"

struct mem_buffer {
    unsigned char *data;
    size_t size;
    /* current mapping */
    bool mapped;
    size_t map_offset, map_length;
    unsigned map_access;
    /* GPU address space (mem_space.c) */
    uint64_t gpu_address;     /* 0: none assigned for this store */
    mem_space *space;         /* the space it is resident in, or NULL */
    unsigned resident_access; /* MEM_GPU_* while resident, else 0 */
};

#endif /* MEMORY_MEM_PRIV_H */
