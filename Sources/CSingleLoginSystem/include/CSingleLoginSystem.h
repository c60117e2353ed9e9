// System calls the harness needs that Swift's Glibc module does not expose (pipe2, accept4,
// SOCK_CLOEXEC): every descriptor the harness opens is close-on-exec from the start, so an
// adapter started on another thread at the same moment never inherits it.
#ifndef C_SINGLE_LOGIN_SYSTEM_H
#define C_SINGLE_LOGIN_SYSTEM_H

#include <sys/socket.h>

/// A pipe whose two ends are close-on-exec (atomically where the system allows: pipe2 on Linux).
/// Returns 0, or -1 with errno set.
int sl_pipe_cloexec(int fds[2]);

/// A socket that is close-on-exec (atomically on Linux). Returns the descriptor, or -1 with errno set.
int sl_socket_cloexec(int domain, int type, int protocol);

/// accept(2) whose new descriptor is close-on-exec and non-blocking (atomically on Linux).
/// Returns the descriptor, or -1 with errno set.
int sl_accept_cloexec(int fd, struct sockaddr *address, socklen_t *length);

/// Sends without raising SIGPIPE when the peer is gone (MSG_NOSIGNAL on Linux; SO_NOSIGPIPE is set
/// on the socket elsewhere). Returns the bytes written, or -1 with errno set.
long sl_send_nosignal(int fd, const void *bytes, unsigned long count);

/// Marks a socket so that writing to a closed peer returns EPIPE instead of raising SIGPIPE
/// (SO_NOSIGPIPE where it exists; a no-op on Linux, where sl_send_nosignal does the same).
void sl_socket_nosigpipe(int fd);

/// The flags to add to posix_spawnattr_setflags so the child inherits no descriptor but those
/// dup2'ed for it (POSIX_SPAWN_CLOEXEC_DEFAULT on Darwin; 0 elsewhere, where every descriptor
/// the harness opens is close-on-exec already).
short sl_spawn_cloexec_default_flag(void);

/// Up to `capacity` ids of the living (not zombie) processes in process group `pgid`, written to
/// `pids`; returns how many there are (possibly more than `capacity`), or -1 when they cannot be
/// listed. Linux reads /proc; macOS asks libproc; elsewhere (iOS) it answers -1.
int sl_process_group_members(int pgid, int *pids, int capacity);

/// How many pids a call of macOS's `proc_listpgrppids` listed, from what it returned, the errno
/// it left and the buffer's capacity in pids; -1 when the call failed. A pure function of those
/// values, so it is tested on every platform (macOS's call is made only on macOS).
int sl_listed_pid_count(int returned, int error, int capacity);

#endif
