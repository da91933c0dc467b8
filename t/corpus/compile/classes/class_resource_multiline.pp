class c {}
class {
  'c':
    ;
}
notify {
  'a':
    message => 'x';
  'b':
    message => 'y';
}
