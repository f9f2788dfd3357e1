// The stand-alone page of the remote; the composed product loads the exposes through the shell.
import('./bootstrap');
