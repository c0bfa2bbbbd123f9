/* ordo report --html: the error sink. Runs before the page's script, so
 * that any script error, even one that stops report.js, is written into
 * the DOM (#errors, data-count), where a headless browser test sees it. */
'use strict';
window.onerror = function (message, source, line, column) {
    var sink = document.getElementById('errors');
    var item = document.createElement('li');
    item.textContent = 'script error: ' + message + ' (line ' + line + ':' + column + ')';
    sink.appendChild(item);
    sink.setAttribute('data-count', String(sink.children.length));
    sink.hidden = false;
    return false;
};
