class inner {
  notify { 'i': }
}
class outer {
  contain inner
}
include outer
