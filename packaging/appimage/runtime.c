/*
 * The runtime of Matador's AppImage: the program at the front of the one-file Linux app
 * (packaging/make_appimage.py builds it and appends the image).
 *
 * An AppImage of type 2 is an ELF program followed by a SquashFS image of an AppDir (its
 * AppRun, .desktop entry and icon at the top); bytes 8 to 10 of the file are "AI" 2, and
 * the image starts where the ELF part ends (its section headers are last). The usual
 * runtime mounts the image with FUSE. This one needs no FUSE and no library on the
 * player's system but the C library: it unpacks the image (with libsquashfuse, linked in;
 * zstd images only) into a new private folder, runs AppRun from there with APPIMAGE,
 * APPDIR, ARGV0 and OWD set as usual, waits for it, and removes the folder. Unpacking
 * Matador (32 MB from a 14 MB image) takes about a tenth of a second.
 *
 * Where: the first of $XDG_RUNTIME_DIR, $TMPDIR, /tmp, /var/tmp and ~/.cache that is a
 * writable folder, not mounted noexec, with room for the unpacked files. The folder is
 * .Matador-XXXXXX there, holding app/ (the AppDir) and lock, on which the runtime holds
 * a lock for as long as it or the program it started runs (the program inherits it). A
 * folder whose lock nobody holds was left by a runtime that was killed: the next start
 * removes it.
 *
 * Signals: SIGTERM, SIGHUP, SIGUSR1 and SIGUSR2 sent to the runtime are passed on to the
 * program; SIGINT and SIGQUIT from a terminal reach the program directly (same process
 * group), so the runtime ignores them and waits. It exits as the program did (by the same
 * signal if the program was killed by one).
 *
 *   --appimage-extract   unpack the image into ./squashfs-root and exit
 *   --appimage-offset    print where the image starts and exit
 *   --appimage-version   print this runtime's version and exit
 *   --appimage-help      print this list and exit
 */

#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <dirent.h>
#include <unistd.h>

/* libsquashfuse's config.h defines _POSIX_C_SOURCE again; the C library's features are
   already chosen by now, so the earlier definition is dropped first. */
#undef _POSIX_C_SOURCE
#include <squashfuse/squashfuse.h>

#ifndef APP_NAME
#define APP_NAME "Matador"
#endif
#define RUNTIME_VERSION "1"
#define ROOM_TO_SPARE (4u << 20) /* bytes left free beside the unpacked files */
#define CHUNK (256u << 10)

static const char *const USAGE =
    APP_NAME " AppImage (runtime " RUNTIME_VERSION "): runs " APP_NAME " from this one file.\n"
    "  --appimage-extract   unpack the image into ./squashfs-root and exit\n"
    "  --appimage-offset    print where the image starts and exit\n"
    "  --appimage-version   print this runtime's version and exit\n"
    "  --appimage-help      print this list and exit\n"
    "Any other arguments are " APP_NAME "'s own.\n";

static void say(const char *format, ...) __attribute__((format(printf, 1, 2)));

static void say(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs(APP_NAME " AppImage: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}

/* out = a/b; false (and a message) if that is too long for out. */
static bool join(char *out, size_t size, const char *a, const char *b) {
    if (snprintf(out, size, "%s/%s", a, b) >= (int)size) {
        say("the path %s/%s is too long", a, b);
        return false;
    }
    return true;
}

/* --- where the image starts ---------------------------------------------------------------- */

/* The end of the ELF part of the file open as fd (section headers are last), or 0 with a
   message if fd is not a 64-bit little-endian ELF file marked as an AppImage of type 2. */
static uint64_t image_offset(int fd) {
    Elf64_Ehdr header;
    if (pread(fd, &header, sizeof header, 0) != (ssize_t)sizeof header) {
        say("cannot read the program's header: %s", strerror(errno));
        return 0;
    }
    if (memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64 ||
        header.e_ident[EI_DATA] != ELFDATA2LSB) {
        say("this file is not a 64-bit ELF program");
        return 0;
    }
    if (memcmp(header.e_ident + 8, "AI\x02", 3) != 0) {
        say("this file is not marked as an AppImage of type 2 (bytes 8-10)");
        return 0;
    }
    return header.e_shoff + (uint64_t)header.e_shnum * header.e_shentsize;
}

/* --- unpacking ------------------------------------------------------------------------------ */

/* Whether a name from the image can be a file's name here: not empty, ".", ".." nor holding
   a slash (the image is the one this program was built with, but a bad one must not write
   outside the folder). */
static bool plain_name(const char *name) {
    return name[0] != '\0' && strcmp(name, ".") != 0 && strcmp(name, "..") != 0 && strchr(name, '/') == NULL;
}

static bool write_all(int fd, const char *data, size_t size) {
    while (size > 0) {
        ssize_t done = write(fd, data, size);
        if (done < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += done;
        size -= (size_t)done;
    }
    return true;
}

static bool unpack_file(sqfs *fs, sqfs_inode *inode, const char *path, mode_t mode, char *buffer) {
    int out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (out < 0) {
        say("cannot create %s: %s", path, strerror(errno));
        return false;
    }
    uint64_t size = inode->xtra.reg.file_size;
    uint64_t at = 0;
    bool ok = true;
    while (ok && at < size) {
        sqfs_off_t got = (sqfs_off_t)(size - at < CHUNK ? size - at : CHUNK);
        if (sqfs_read_range(fs, inode, (sqfs_off_t)at, &got, buffer) != SQFS_OK || got <= 0) {
            say("cannot read %s from the image", path);
            ok = false;
        } else if (!write_all(out, buffer, (size_t)got)) {
            say("cannot write %s: %s", path, strerror(errno));
            ok = false;
        } else {
            at += (uint64_t)got;
        }
    }
    if (close(out) != 0 && ok) {
        say("cannot write %s: %s", path, strerror(errno));
        ok = false;
    }
    return ok;
}

static bool unpack_link(sqfs *fs, sqfs_inode *inode, const char *path) {
    size_t size = 0;
    if (sqfs_readlink(fs, inode, NULL, &size) != SQFS_OK)
        return false;
    char *target = malloc(size);
    if (target == NULL)
        return false;
    bool ok = sqfs_readlink(fs, inode, target, &size) == SQFS_OK;
    if (ok && symlink(target, path) != 0) {
        say("cannot make the link %s: %s", path, strerror(errno));
        ok = false;
    }
    free(target);
    return ok;
}

/* Walks the image; for each entry calls visit (unpacking, or adding up sizes). */
typedef bool (*visitor)(sqfs *fs, sqfs_inode *inode, const char *relative, void *context);

static bool walk(sqfs *fs, visitor visit, void *context) {
    sqfs_traverse walker;
    if (sqfs_traverse_open(&walker, fs, sqfs_inode_root(fs)) != SQFS_OK) {
        say("cannot read the image's top folder");
        return false;
    }
    sqfs_err err = SQFS_OK;
    bool ok = true;
    while (ok && sqfs_traverse_next(&walker, &err)) {
        if (walker.dir_end)
            continue;
        sqfs_inode inode;
        if (!plain_name(sqfs_dentry_name(&walker.entry))) {
            say("the image holds a file named '%s'", sqfs_dentry_name(&walker.entry));
            ok = false;
        } else if (sqfs_inode_get(fs, &inode, sqfs_dentry_inode(&walker.entry)) != SQFS_OK) {
            say("cannot read %s in the image", walker.path);
            ok = false;
        } else {
            ok = visit(fs, &inode, walker.path, context);
        }
    }
    if (ok && err != SQFS_OK) {
        say("cannot read the image (error %d)", (int)err);
        ok = false;
    }
    sqfs_traverse_close(&walker);
    return ok;
}

static bool add_size(sqfs *fs, sqfs_inode *inode, const char *relative, void *context) {
    (void)fs;
    (void)relative;
    uint64_t *total = context;
    *total += 4096; /* a folder, a link, or a file's last block */
    if (S_ISREG(inode->base.mode))
        *total += inode->xtra.reg.file_size;
    return true;
}

struct unpacking {
    const char *into;
    char *buffer;
};

static bool unpack_entry(sqfs *fs, sqfs_inode *inode, const char *relative, void *context) {
    struct unpacking *job = context;
    char path[PATH_MAX];
    if (!join(path, sizeof path, job->into, relative))
        return false;
    mode_t mode = inode->base.mode & 0777;
    if (S_ISDIR(inode->base.mode)) {
        if (mkdir(path, mode | 0700) != 0) {
            say("cannot make the folder %s: %s", path, strerror(errno));
            return false;
        }
        return true;
    }
    if (S_ISREG(inode->base.mode))
        return unpack_file(fs, inode, path, mode | 0600, job->buffer);
    if (S_ISLNK(inode->base.mode))
        return unpack_link(fs, inode, path);
    say("%s is neither a file, a folder nor a link: left out", relative);
    return true;
}

/* Unpacks the whole image into the existing folder `into`. */
static bool unpack(sqfs *fs, const char *into) {
    struct unpacking job = {into, malloc(CHUNK)};
    if (job.buffer == NULL) {
        say("out of memory");
        return false;
    }
    bool ok = walk(fs, unpack_entry, &job);
    free(job.buffer);
    return ok;
}

/* --- the folder it runs from --------------------------------------------------------------- */

static int remove_one(const char *path, const struct stat *info, int kind, struct FTW *where) {
    (void)info;
    (void)kind;
    (void)where;
    remove(path);
    return 0;
}

static void remove_tree(const char *path) {
    nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Removes the .APP_NAME-* folders in `base` that a killed runtime left (nobody holds their
   lock). Folders without a lock file are left alone (a runtime may be making one). */
static void remove_leftovers(const char *base) {
    DIR *folder = opendir(base);
    if (folder == NULL)
        return;
    const char *prefix = "." APP_NAME "-";
    struct dirent *entry;
    while ((entry = readdir(folder)) != NULL) {
        if (strncmp(entry->d_name, prefix, strlen(prefix)) != 0)
            continue;
        char path[PATH_MAX], lock[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", base, entry->d_name) >= (int)sizeof path ||
            snprintf(lock, sizeof lock, "%s/lock", path) >= (int)sizeof lock)
            continue;
        int fd = open(lock, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            continue;
        struct stat info;
        if (fstat(fd, &info) == 0 && info.st_uid == getuid() && flock(fd, LOCK_EX | LOCK_NB) == 0)
            remove_tree(path);
        close(fd);
    }
    closedir(folder);
}

/* Whether `base` can hold `need` bytes of programs: a writable folder, not noexec. */
static bool usable(const char *base, uint64_t need) {
    struct stat info;
    struct statvfs room;
    if (base == NULL || base[0] != '/' || stat(base, &info) != 0 || !S_ISDIR(info.st_mode))
        return false;
    if (access(base, W_OK | X_OK) != 0 || statvfs(base, &room) != 0)
        return false;
    if (room.f_flag & ST_NOEXEC)
        return false;
    return (uint64_t)room.f_bavail * room.f_frsize >= need + ROOM_TO_SPARE;
}

/* Makes BASE/.APP_NAME-XXXXXX in the first usable base, with its lock file locked (the
   lock's descriptor, inherited by the program, is returned in *lock_fd). */
static bool make_run_folder(uint64_t need, char *folder, size_t size, int *lock_fd) {
    char cache[PATH_MAX] = "";
    const char *xdg_cache = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    if (xdg_cache != NULL && xdg_cache[0] == '/')
        snprintf(cache, sizeof cache, "%s", xdg_cache);
    else if (home != NULL && home[0] == '/')
        snprintf(cache, sizeof cache, "%s/.cache", home);
    if (cache[0] != '\0')
        mkdir(cache, 0700);
    const char *bases[] = {getenv("XDG_RUNTIME_DIR"), getenv("TMPDIR"), "/tmp", "/var/tmp", cache[0] ? cache : NULL};
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        if (!usable(bases[i], need))
            continue;
        remove_leftovers(bases[i]);
        if (snprintf(folder, size, "%s/." APP_NAME "-XXXXXX", bases[i]) >= (int)size)
            continue;
        if (mkdtemp(folder) == NULL)
            continue;
        char lock[PATH_MAX];
        int fd = join(lock, sizeof lock, folder, "lock") ? open(lock, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, 0600) : -1;
        if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0) {
            *lock_fd = fd;
            return true;
        }
        if (fd >= 0)
            close(fd);
        remove_tree(folder);
    }
    say("no folder to unpack into: none of $XDG_RUNTIME_DIR, $TMPDIR, /tmp, /var/tmp and ~/.cache "
        "is writable, allows programs and has %llu MB free",
        (unsigned long long)((need + ROOM_TO_SPARE) >> 20) + 1);
    return false;
}

/* --- running the program -------------------------------------------------------------------- */

static volatile sig_atomic_t child_pid = 0;

static void pass_on(int signal_number) {
    if (child_pid > 0)
        kill((pid_t)child_pid, signal_number);
}

/* Runs APPDIR/AppRun with the arguments, waits, and returns how it ended (a wait status). */
static int run_app(const char *appdir, const char *appimage, char **argv) {
    char apprun[PATH_MAX], owd[PATH_MAX];
    if (!join(apprun, sizeof apprun, appdir, "AppRun"))
        return -1;
    if (getcwd(owd, sizeof owd) != NULL)
        setenv("OWD", owd, 1);
    setenv("APPIMAGE", appimage, 1);
    setenv("APPDIR", appdir, 1);
    setenv("ARGV0", argv[0], 1);

    /* The signals are held from before the fork until the runtime passes them on: one
       sent in between is passed on too, never lost nor fatal to the runtime alone. */
    const int passed[] = {SIGTERM, SIGHUP, SIGUSR1, SIGUSR2}, ignored[] = {SIGINT, SIGQUIT};
    sigset_t held, before;
    sigemptyset(&held);
    for (size_t i = 0; i < 4; i++)
        sigaddset(&held, passed[i]);
    for (size_t i = 0; i < 2; i++)
        sigaddset(&held, ignored[i]);
    sigprocmask(SIG_BLOCK, &held, &before);
    struct sigaction passing = {0}, ignoring = {0};
    passing.sa_handler = pass_on;
    passing.sa_flags = SA_RESTART;
    ignoring.sa_handler = SIG_IGN;
    sigemptyset(&passing.sa_mask);
    sigemptyset(&ignoring.sa_mask);

    pid_t pid = fork();
    if (pid < 0) {
        say("cannot start %s: %s", apprun, strerror(errno));
        sigprocmask(SIG_SETMASK, &before, NULL);
        return -1;
    }
    if (pid == 0) { /* the program gets the signals as if started directly */
        sigprocmask(SIG_SETMASK, &before, NULL);
        argv[0] = apprun;
        execv(apprun, argv);
        say("cannot start %s: %s", apprun, strerror(errno));
        _exit(127);
    }
    child_pid = pid;
    for (size_t i = 0; i < 4; i++)
        sigaction(passed[i], &passing, NULL);
    for (size_t i = 0; i < 2; i++)
        sigaction(ignored[i], &ignoring, NULL);
    sigprocmask(SIG_SETMASK, &before, NULL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            say("lost the program: %s", strerror(errno));
            return -1;
        }
    }
    return status;
}

/* --- main ----------------------------------------------------------------------------------- */

static int extract_here(sqfs *fs) {
    const char *into = "squashfs-root";
    if (mkdir(into, 0755) != 0) {
        say("cannot make ./%s: %s", into, strerror(errno));
        return 1;
    }
    if (!unpack(fs, into))
        return 1;
    printf("%s\n", into);
    return 0;
}

int main(int argc, char **argv) {
    (void)argc;
    const char *option = argv[1] != NULL && strncmp(argv[1], "--appimage-", 11) == 0 ? argv[1] : NULL;
    if (option != NULL && strcmp(option, "--appimage-help") == 0) {
        fputs(USAGE, stdout);
        return 0;
    }
    if (option != NULL && strcmp(option, "--appimage-version") == 0) {
        printf("%s AppImage runtime %s\n", APP_NAME, RUNTIME_VERSION);
        return 0;
    }

    char appimage[PATH_MAX];
    if (realpath("/proc/self/exe", appimage) == NULL) {
        say("cannot find this program's file: %s", strerror(errno));
        return 1;
    }
    int fd = open(appimage, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        say("cannot read %s: %s", appimage, strerror(errno));
        return 1;
    }
    uint64_t offset = image_offset(fd);
    if (offset == 0)
        return 1;
    if (option != NULL && strcmp(option, "--appimage-offset") == 0) {
        printf("%llu\n", (unsigned long long)offset);
        return 0;
    }
    if (option != NULL && strcmp(option, "--appimage-extract") != 0) {
        say("unknown option %s\n%s", option, USAGE);
        return 1;
    }

    sqfs fs;
    if (sqfs_init(&fs, fd, (size_t)offset) != SQFS_OK) {
        say("cannot read the image inside %s at byte %llu (a damaged or unfinished download?)", appimage,
            (unsigned long long)offset);
        return 1;
    }
    if (sqfs_compression(&fs) != ZSTD_COMPRESSION) {
        say("the image inside %s is not compressed with zstd, the only kind this runtime reads", appimage);
        return 1;
    }
    if (option != NULL)
        return extract_here(&fs);

    uint64_t need = 0;
    if (!walk(&fs, add_size, &need))
        return 1;
    char folder[PATH_MAX], appdir[PATH_MAX];
    int lock_fd = -1;
    if (!make_run_folder(need, folder, sizeof folder, &lock_fd))
        return 1;
    int status = -1;
    if (!join(appdir, sizeof appdir, folder, "app"))
        ;
    else if (mkdir(appdir, 0700) != 0)
        say("cannot make the folder %s: %s", appdir, strerror(errno));
    else if (unpack(&fs, appdir))
        status = run_app(appdir, appimage, argv);
    sqfs_destroy(&fs);
    close(fd);
    remove_tree(folder);
    close(lock_fd);

    if (status == -1)
        return 1;
    if (WIFSIGNALED(status)) {
        int signal_number = WTERMSIG(status);
        signal(signal_number, SIG_DFL);
        raise(signal_number);
        return 128 + signal_number;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
