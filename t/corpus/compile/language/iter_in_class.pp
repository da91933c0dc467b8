class c ($list = ['x', 'y']) {
  $list.each |$e| {
    notify { "c_${e}": }
  }
}
include c
