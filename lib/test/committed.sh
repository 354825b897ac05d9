# committed.sh: sourced (". lib/test/committed.sh") by the tests of the workbench itself (test_runner.sh,
# test_pictures.sh, test_index.sh, test_edits.sh), which test the lessons as last committed: a reader who edits a
# lesson then sees the edit in make check's lessons: part alone (./run_all.sh, with the diff), not as failures of
# the runner's, the pictures' or the front page's own tests. Without git or a commit, the lessons are the working
# tree's. Run from the workbench's top folder.

# committed_lessons DIR: DIR (made if need be) holds each file of lessons/ as the last commit has it. A file that
# is the same in the working tree is copied from it with its time (cp -p: make finds its build up to date); one
# that differs, or is gone, comes from git show; a file the commit does not hold is left out. Without git, a
# commit, or lessons/ in it, DIR gets the working tree's lessons/ as they are. Sets lessons_changed to the names
# (lesson.h, 01_repeat_penalty.c) that differ from the working tree's, space-separated; empty when none.
committed_lessons() {
    mkdir -p "$1"
    lessons_changed=""
    listed=""
    if command -v git >/dev/null 2>&1; then listed=$(git ls-tree --name-only HEAD ./lessons/ 2>/dev/null); fi
    if [ -z "$listed" ]; then
        cp -p lessons/* "$1/"
        return 0
    fi
    for f in $listed; do
        f=${f##*/}
        if [ -f "lessons/$f" ] && git diff --quiet HEAD -- "lessons/$f" 2>/dev/null; then
            cp -p "lessons/$f" "$1/"
        else
            git show "HEAD:./lessons/$f" >"$1/$f"
            lessons_changed="$lessons_changed${lessons_changed:+ }$f"
        fi
    done
}

# committed_tree DIR: a copy of the workbench in DIR (removed first) whose lessons/ are committed_lessons': its
# Makefile, run_all.sh, lib/ and expected/ as they are, and build tree $build's objects, dependency files, lesson
# programs and svg_check with their times, so that make in the copy finds them up to date. The lessons that differ
# are rebuilt there now (make, with CC and CFLAGS from the environment). Sets b, the build tree's name in the copy
# (its path from DIR).
committed_tree() {
    case "$build" in /*) b=${build##*/} ;; *) b=$build ;; esac
    rm -rf "$1"
    mkdir -p "$1/$b/bin"
    cp -Rp Makefile run_all.sh lib expected "$1/"
    committed_lessons "$1/lessons"
    cp -Rp "$build/lib" "$build/lessons" "$1/$b/"
    programs=""
    for src in "$1"/lessons/*.c; do
        name=${src##*/}
        name=${name%.c}
        if [ -f "$build/bin/$name" ]; then cp -p "$build/bin/$name" "$1/$b/bin/"; fi
        programs="$programs $b/bin/$name"
    done
    if [ -f "$build/bin/svg_check" ]; then cp -p "$build/bin/svg_check" "$1/$b/bin/"; fi
    if [ -n "$lessons_changed" ]; then
        (unset MAKELEVEL MAKEFLAGS MFLAGS; cd "$1" && ${MAKE:-make} --no-print-directory -s BUILD="$b" $programs) \
            >"$1/build.log" 2>&1 || { echo "committed.sh: the lessons as committed do not build in $1:"
                                      sed 's/^/    /' "$1/build.log"; }
    fi
}
