#define _GNU_SOURCE
#include "CSingleLoginSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#if defined(__APPLE__)
#include <TargetConditionals.h>
#endif
#if defined(__linux__)
#include <dirent.h>
#elif defined(__APPLE__) && TARGET_OS_OSX
// libproc is macOS only: the iOS SDK has neither header, and iOS takes the fallback below.
#include <libproc.h>
#include <sys/proc.h>
#include <sys/proc_info.h>
#endif

static int set_cloexec(int fd) {
    int flags = fcntl(fd, F_GETFD);
    return flags < 0 ? -1 : fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

int sl_pipe_cloexec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    set_cloexec(fds[0]);
    set_cloexec(fds[1]);
    return 0;
#endif
}

int sl_socket_cloexec(int domain, int type, int protocol) {
#if defined(__linux__)
    return socket(domain, type | SOCK_CLOEXEC, protocol);
#else
    int fd = socket(domain, type, protocol);
    if (fd >= 0) set_cloexec(fd);
    return fd;
#endif
}

int sl_accept_cloexec(int fd, struct sockaddr *address, socklen_t *length) {
#if defined(__linux__)
    return accept4(fd, address, length, SOCK_CLOEXEC | SOCK_NONBLOCK);
#else
    int accepted = accept(fd, address, length);
    if (accepted >= 0) {
        set_cloexec(accepted);
        int flags = fcntl(accepted, F_GETFL);
        if (flags >= 0) fcntl(accepted, F_SETFL, flags | O_NONBLOCK);
    }
    return accepted;
#endif
}

long sl_send_nosignal(int fd, const void *bytes, unsigned long count) {
#if defined(MSG_NOSIGNAL)
    return (long)send(fd, bytes, count, MSG_NOSIGNAL);
#else
    return (long)send(fd, bytes, count, 0);
#endif
}

void sl_socket_nosigpipe(int fd) {
#if defined(SO_NOSIGPIPE)
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#else
    (void)fd;
#endif
}

short sl_spawn_cloexec_default_flag(void) {
#if defined(POSIX_SPAWN_CLOEXEC_DEFAULT)
    return POSIX_SPAWN_CLOEXEC_DEFAULT;
#else
    return 0;
#endif
}

int sl_process_group_members(int pgid, int *pids, int capacity) {
#if defined(__linux__)
    DIR *proc = opendir("/proc");
    if (proc == NULL) return -1;
    int count = 0;
    struct dirent *entry;
    char path[64], stat[512];
    while ((entry = readdir(proc)) != NULL) {
        char *end;
        long pid = strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 0) continue;
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        FILE *file = fopen(path, "re");
        if (file == NULL) continue;
        size_t length = fread(stat, 1, sizeof stat - 1, file);
        fclose(file);
        stat[length] = '\0';
        // Fields after the command (which may hold spaces and parentheses): state ppid pgrp ...
        char *close = strrchr(stat, ')');
        if (close == NULL) continue;
        char state;
        int parent, group;
        if (sscanf(close + 1, " %c %d %d", &state, &parent, &group) != 3) continue;
        if (group != pgid || state == 'Z' || state == 'X') continue;
        if (count < capacity) pids[count] = (int)pid;
        count++;
    }
    closedir(proc);
    return count;
#elif defined(__APPLE__) && TARGET_OS_OSX
    int listed[4096];
    errno = 0;
    int returned = proc_listpgrppids((pid_t)pgid, listed, (int)sizeof listed);
    int total = sl_listed_pid_count(returned, errno, (int)(sizeof listed / sizeof listed[0]));
    if (total < 0) return -1;
    int count = 0;
    for (int index = 0; index < total; index++) {
        if (listed[index] <= 0) continue;
        struct proc_bsdinfo info;
        if (proc_pidinfo(listed[index], PROC_PIDTBSDINFO, 0, &info, (int)sizeof info) == (int)sizeof info && info.pbi_status == SZOMB) continue;
        if (count < capacity) pids[count] = listed[index];
        count++;
    }
    return count;
#else
    (void)pgid; (void)pids; (void)capacity;
    return -1;
#endif
}

int sl_listed_pid_count(int returned, int error, int capacity) {
    // proc_listpgrppids already divides proc_listpids' byte count by sizeof(int): what it returns
    // is a count of pids, not of bytes. A negative return is a failure; so is 0 with errno set
    // (libproc's calls report a failed system call that way), while 0 with errno clear is a group
    // with no member left.
    if (returned < 0) return -1;
    if (returned == 0) return error != 0 ? -1 : 0;
    return returned < capacity ? returned : capacity;
}
